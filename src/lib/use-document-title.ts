import { useEffect } from 'react';
import { useStoreConfig } from './use-store-config';

/** "Page · Brand" as the document title. */
export function useDocumentTitle(page: string) {
  // a name of only spaces is none (the schema trims it)
  const brand = useStoreConfig().data?.brand.name;
  useEffect(() => {
    document.title = brand ? `${page} · ${brand}` : page;
  }, [page, brand]);
}
