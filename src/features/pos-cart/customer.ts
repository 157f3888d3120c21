import type { VerifiedAddress } from '@/api/schemas/common';
import { fullName } from '@/lib/format';

/**
 * The cart's customer as the screen and the receipt name them. The cart carries no customer id:
 * who they are is their contact details and names (billing_address).
 */

/**
 * Who the cart's customer is, to tell one from another; '' for none.
 */
export function customerKey(a: VerifiedAddress | null): string {
  if (!a) return '';
  return JSON.stringify([a.id, a.country_code, a.phone, a.email, a.first_name, a.last_name]);
}

/** A customer linked by phone or email alone has no name. */
export const customerName = (a: VerifiedAddress) => fullName(a) || 'Name not given';

/** The phone with its country code, as dialled ("+91 9876543210"); null when there is none. */
export const customerPhone = (a: VerifiedAddress) =>
  a.phone ? `${a.country_code ? `${a.country_code} ` : ''}${a.phone}` : null;
