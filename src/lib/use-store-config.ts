import { useQuery } from '@tanstack/react-query';
import { storeConfigQueryOptions } from '@/api/store-config-query';
import { useConnection } from './session';

export function useStoreConfig() {
  const { baseUrl, storeId } = useConnection();
  return useQuery(storeConfigQueryOptions({ baseUrl, storeId }));
}
