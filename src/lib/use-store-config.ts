import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@/api/schemas/common';
import { storeConfigQueryOptions } from '@/api/store-config-query';
import { useConnection } from './session';

export function useStoreConfig() {
  const { baseUrl, storeId } = useConnection();
  return useQuery(storeConfigQueryOptions({ baseUrl, storeId }));
}

/**
 * The store's currency, or `null` while it is not known: the config has not arrived yet, or it
 * could not be read. Nothing is guessed in its place (a store's amounts shown in another
 * currency would be wrong): callers show amounts without a currency meanwhile (`formatMoney`).
 */
export function useStoreCurrency(): Currency | null {
  return useStoreConfig().data?.currency ?? null;
}
