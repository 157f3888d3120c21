import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';

/*
 * A cart's form as typed and not yet sent (the customer form, the loyalty points), kept while it
 * is: the cashier who leaves the cart (the POS link, a scan of another cart, a sign-in a refused
 * request asked for) finds it back on their return, with a note that it was not sent. Per person:
 * USER_PREFIX, so a sign-out or someone else signing in sweeps it (it holds a customer's phone,
 * email and names); the store, user and cart in the key, so no other screen reads it. Per tab:
 * sessionStorage. What it holds is the form's business (each form reads it back with its own
 * schema).
 */
export type KeptCartForm = 'link' | 'points';

const keptKey = (form: KeptCartForm, storeId: string, userId: string, cartId: string) =>
  `${USER_PREFIX}pos-${form}-form:${[storeId, userId, cartId].map(encodeURIComponent).join(':')}`;

export interface KeptPlace {
  storeId: string;
  userId: string;
  cartId: string;
}

export function readKeptCartForm<T>(
  form: KeptCartForm,
  { storeId, userId, cartId }: KeptPlace,
  parse: (raw: unknown) => T | null,
): T | null {
  return readStored('session', keptKey(form, storeId, userId, cartId), parse);
}

/** Keeps `values` while `keep` holds (something typed and not sent), else forgets them. */
export function keepCartForm(
  form: KeptCartForm,
  { storeId, userId, cartId }: KeptPlace,
  values: unknown,
  keep: boolean,
) {
  const key = keptKey(form, storeId, userId, cartId);
  if (keep) writeStored('session', key, values);
  else removeStored('session', key);
}
