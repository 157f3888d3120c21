import { type OrderReturn, orderReturnSchema } from '@/api/schemas/order-return';
import { USER_PREFIX, type StoredValue, createStoredValue, useStoredValue } from '@/lib/storage';

/*
 * The service has no operation to read a return back, so the returns a person sends from this
 * browser are kept here (localStorage, under USER_PREFIX so signing out removes them), newest
 * first, exactly as the service answered. The confirmation screen and the list read from here.
 */

const MAX_KEPT = 100;
export const returnsKey = (userId: string) => `${USER_PREFIX}returns:${userId}`;

function parseList(raw: unknown): OrderReturn[] | null {
  if (!Array.isArray(raw)) return null;
  // one damaged entry must not hide the others
  return raw.flatMap((entry) => {
    const parsed = orderReturnSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const EMPTY: OrderReturn[] = [];
// one stored value per person, kept for the page view: screens subscribe to the same one, and
// createStoredValue drops its parsed copy with the sign-out sweep (the key is under USER_PREFIX)
const stores = new Map<string, StoredValue<OrderReturn[]>>();
function storeFor(userId: string): StoredValue<OrderReturn[]> {
  let store = stores.get(userId);
  if (!store) {
    store = createStoredValue(returnsKey(userId), parseList, EMPTY);
    stores.set(userId, store);
  }
  return store;
}

export function readReturns(userId: string): OrderReturn[] {
  return storeFor(userId).get();
}

export function saveReturn(userId: string, created: OrderReturn) {
  const store = storeFor(userId);
  const others = store.get().filter((r) => r.request_number !== created.request_number);
  store.set([created, ...others].slice(0, MAX_KEPT));
}

export function useStoredReturns(userId: string): OrderReturn[] {
  return useStoredValue(storeFor(userId));
}
