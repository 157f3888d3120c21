import { useMemo } from 'react';
import { type Connection, storeOf } from '@/api/connection';
import { useConnection } from '@/lib/session';
import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';

/*
 * A cart's form as typed and not yet sent (the customer form, the loyalty points), kept while it
 * is: the cashier who leaves the cart (the POS link, a scan of another cart, a sign-in a refused
 * request asked for) finds it back on their return, with a note that it was not sent. Per person:
 * USER_PREFIX, so a sign-out or someone else signing in sweeps it (it holds a customer's phone,
 * email and names); the store (`storeOf`: the API and the store ID, as every store's record),
 * user and cart in the key, so no other screen, and no other service's cart of that ID, reads it. Per tab:
 * sessionStorage. What it holds is the form's business (each form reads it back with its own
 * schema).
 */
export type KeptCartForm = 'link' | 'points';

/** Where a form is kept: the store (its API and ID), the person signed in, the cart. */
export interface KeptPlace extends Pick<Connection, 'baseUrl' | 'storeId' | 'userId'> {
  cartId: string;
}

/** Where the cart `cartId`'s forms are kept for the connection of this screen. */
export function useKeptPlace(cartId: string): KeptPlace {
  const { baseUrl, storeId, userId } = useConnection();
  return useMemo(() => ({ baseUrl, storeId, userId, cartId }), [baseUrl, storeId, userId, cartId]);
}

/** The storage key of a cart's kept form (exported for tests). */
export const keptKey = (form: KeptCartForm, place: KeptPlace) =>
  `${USER_PREFIX}pos-${form}-form:${[storeOf(place), place.userId, place.cartId].map(encodeURIComponent).join(':')}`;

export function readKeptCartForm<T>(
  form: KeptCartForm,
  place: KeptPlace,
  parse: (raw: unknown) => T | null,
): T | null {
  return readStored('session', keptKey(form, place), parse);
}

/** Keeps `values` while `keep` holds (something typed and not sent), else forgets them. */
export function keepCartForm(form: KeptCartForm, place: KeptPlace, values: unknown, keep: boolean) {
  if (keep) writeStored('session', keptKey(form, place), values);
  else removeStored('session', keptKey(form, place));
}

/**
 * Forgets what is kept of the form once what it held was sent and done: called from the
 * mutation's own success, which runs also when the cashier left the cart before the answer came
 * (the form's callbacks, which empty it, do not then). `sent` tells whether what is kept is what
 * was sent (points typed anew since are kept).
 */
export function forgetSentCartForm(
  form: KeptCartForm,
  place: KeptPlace,
  sent: (kept: unknown) => boolean = () => true,
) {
  if (sent(readStored('session', keptKey(form, place), (v) => v))) {
    removeStored('session', keptKey(form, place));
  }
}

/** The loyalty points as kept: the text typed, and the customer on the cart it was typed for. */
export interface KeptPoints {
  points: string;
  /** `customerKey` of the cart's customer then: points typed for one are not offered to another. */
  customer: string;
}

export function parseKeptPoints(raw: unknown): KeptPoints | null {
  if (!raw || typeof raw !== 'object') return null;
  const { points, customer } = raw as Record<string, unknown>;
  return typeof points === 'string' && typeof customer === 'string' ? { points, customer } : null;
}

/** The number the kept points text says, as the form reads it ("1,000" is 1000), or null. */
export function keptPoints(raw: unknown): number | null {
  const text = parseKeptPoints(raw)?.points.replace(/[\s,]/g, '').replace(/^\+/, '');
  return text && /^\d+$/.test(text) ? Number(text) : null;
}
