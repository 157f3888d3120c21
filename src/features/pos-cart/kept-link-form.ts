import { readStored, removeStored, USER_PREFIX, writeStored } from '@/lib/storage';

/** What the customer form shows: the way to find them and every field, as typed. */
export interface LinkFormValues {
  mode: 'id' | 'phone' | 'email';
  customer_id: string;
  country_code: string;
  phone: string;
  email: string;
  first_name: string;
  last_name: string;
}

const FIELDS = [
  'customer_id',
  'country_code',
  'phone',
  'email',
  'first_name',
  'last_name',
] as const;

/*
 * The customer form as typed, kept while the cashier signs in again (a link was refused with
 * 401), as the notification settings keep their changes. Per person: USER_PREFIX, so a sign-out
 * or someone else signing in sweeps it (it holds a customer's phone, email and names); the store,
 * user and cart in the key, so no other screen reads it. Per tab: sessionStorage.
 */
const keptKey = (storeId: string, userId: string, cartId: string) =>
  `${USER_PREFIX}pos-link-form:${[storeId, userId, cartId].map(encodeURIComponent).join(':')}`;

function parse(raw: unknown): LinkFormValues | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.mode !== 'id' && r.mode !== 'phone' && r.mode !== 'email') return null;
  const values = { mode: r.mode } as LinkFormValues;
  for (const field of FIELDS) {
    const value = r[field];
    if (typeof value !== 'string' || value.length > 500) return null;
    values[field] = value;
  }
  return values;
}

export function readKeptLinkForm(storeId: string, userId: string, cartId: string) {
  return readStored('session', keptKey(storeId, userId, cartId), parse);
}

export function keepLinkForm(
  storeId: string,
  userId: string,
  cartId: string,
  values: LinkFormValues,
) {
  writeStored('session', keptKey(storeId, userId, cartId), values);
}

export function forgetKeptLinkForm(storeId: string, userId: string, cartId: string) {
  removeStored('session', keptKey(storeId, userId, cartId));
}
