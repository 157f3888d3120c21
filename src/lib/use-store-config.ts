import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@/api/schemas/common';
import { storeConfigQueryOptions } from '@/api/store-config-query';
import { useConnection } from './session';

export function useStoreConfig() {
  const { baseUrl, storeId } = useConnection();
  return useQuery(storeConfigQueryOptions({ baseUrl, storeId }));
}

/** Until the config arrives, INR (the demo store's) keeps amounts readable. */
const FALLBACK_CURRENCY: Currency = { name: 'Indian Rupee', code: 'INR', symbol: '₹' };

export function useStoreCurrency(): Currency {
  return useStoreConfig().data?.currency ?? FALLBACK_CURRENCY;
}
