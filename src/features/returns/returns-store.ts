import { z } from 'zod/mini';
import { type Currency, currencySchema } from '@/api/schemas/common';
import { type OrderReturn, orderReturnSchema } from '@/api/schemas/order-return';
import { USER_PREFIX, type StoredValue, createStoredValue, useStoredValue } from '@/lib/storage';

/*
 * The service has no operation to read a return back, so the returns a person sends from this
 * browser are kept here (localStorage, under USER_PREFIX so signing out removes them), newest
 * first, exactly as the service answered. The confirmation screen and the list read from here.
 */

/**
 * A return as the service answered, with the currency of its order: the return's money is the
 * order's money, and the order_return itself does not say which currency it is in. Entries saved
 * before it was kept (or whose order was not at hand) have none: the store's currency stands in.
 */
const line = z.optional(z.nullable(z.string()));
/** The lines of an address a pickup needs (no email, no tax number: only what is shown). */
const pickupAddressSchema = z.object({
  first_name: z.nullable(z.string()),
  last_name: line,
  phone: line,
  address_line1: line,
  address_line2: line,
  landmark: line,
  city: line,
  state: line,
  pincode: line,
  country: line,
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

/**
 * What the wizard knew of a return that the service's answer does not say (B5: the order_return
 * has no address and no variant names), kept with it for the confirmation. Missing from entries
 * saved before it was kept, or when the order was not at hand.
 */
export interface ReturnExtras {
  /** The order's currency. */
  currency?: Currency;
  /** Where the parcel is collected from: the address sent, or else the order's delivery address. */
  pickupAddress?: PickupAddress;
  /** Each returned line's variant ("Blue, M"), by SKU, as the order names it. */
  variantNames?: Record<string, string>;
}

const storedReturnSchema = z.extend(orderReturnSchema, {
  order_currency: z.catch(z.optional(currencySchema), undefined),
  pickup_address: z.catch(z.optional(pickupAddressSchema), undefined),
  variant_names: z.catch(z.optional(z.record(z.string(), z.string())), undefined),
  // returns saved when the service sent null here (no replacement order yet) read as its 0 now,
  // rather than being dropped from the list as damaged
  replacement_order_amount: z.pipe(
    z.nullable(orderReturnSchema.shape.replacement_order_amount),
    z.transform((amount) => amount ?? 0),
  ),
});
export type StoredReturn = z.infer<typeof storedReturnSchema>;

const MAX_KEPT = 100;
/**
 * Whose return records these are (the draft's too): the person at this store (`storeOf`). Store
 * A's draft (a request kept as sent to A, with its key) and A's returns are not shown, or sent
 * again, at store B once the Connection settings changed the store.
 */
export const recordsOwner = (store: string, userId: string) => `${store}${userId}`;

export const returnsKey = (userId: string) => `${USER_PREFIX}returns:${userId}`;

function parseList(raw: unknown): StoredReturn[] | null {
  if (!Array.isArray(raw)) return null;
  // one damaged entry must not hide the others
  return raw.flatMap((entry) => {
    const parsed = storedReturnSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const EMPTY: StoredReturn[] = [];
// one stored value per person, kept for the page view: screens subscribe to the same one, and
// createStoredValue drops its parsed copy with the sign-out sweep (the key is under USER_PREFIX)
const stores = new Map<string, StoredValue<StoredReturn[]>>();
function storeFor(userId: string): StoredValue<StoredReturn[]> {
  let store = stores.get(userId);
  if (!store) {
    store = createStoredValue(returnsKey(userId), parseList, EMPTY);
    stores.set(userId, store);
  }
  return store;
}

export function readReturns(userId: string): StoredReturn[] {
  return storeFor(userId).get();
}

export function saveReturn(userId: string, created: OrderReturn, extras: ReturnExtras = {}) {
  const store = storeFor(userId);
  const others = store.get().filter((r) => r.request_number !== created.request_number);
  const pickup = extras.pickupAddress && pickupAddressSchema.safeParse(extras.pickupAddress);
  const entry: StoredReturn = {
    ...created,
    order_currency: extras.currency,
    // only the lines shown (parsing drops the rest: email, tax number)
    pickup_address: pickup?.success ? pickup.data : undefined,
    variant_names: extras.variantNames,
  };
  store.set([entry, ...others].slice(0, MAX_KEPT));
}

export function useStoredReturns(userId: string): StoredReturn[] {
  return useStoredValue(storeFor(userId));
}
