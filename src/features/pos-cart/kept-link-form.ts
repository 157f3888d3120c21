import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';

/*
 * The customer form as typed, kept while the cashier signs in again (a link was refused with
 * 401), as the notification settings keep their changes. Per person: USER_PREFIX, so a sign-out
 * or someone else signing in sweeps it (it holds a customer's phone, email and names); the store,
 * user and cart in the key, so no other screen reads it. Per tab: sessionStorage. What it holds
 * is the form's business (link-customer-form.tsx reads it back with the form's own schema).
 */
const keptKey = (storeId: string, userId: string, cartId: string) =>
  `${USER_PREFIX}pos-link-form:${[storeId, userId, cartId].map(encodeURIComponent).join(':')}`;

export function readKeptLinkForm<T>(
  storeId: string,
  userId: string,
  cartId: string,
  parse: (raw: unknown) => T | null,
): T | null {
  return readStored('session', keptKey(storeId, userId, cartId), parse);
}

export function keepLinkForm(storeId: string, userId: string, cartId: string, values: unknown) {
  writeStored('session', keptKey(storeId, userId, cartId), values);
}

export function forgetKeptLinkForm(storeId: string, userId: string, cartId: string) {
  removeStored('session', keptKey(storeId, userId, cartId));
}
