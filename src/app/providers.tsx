import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { STORE_CONFIG_KEY } from '@/api/store-config-query';
import { sessionStore } from '@/lib/session';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // signed out, someone else signed in (here or in another tab), or another store: what was
  // fetched is theirs. Dropped before any screen renders again; the screens fetch afresh. The
  // store's config (public: name, logo, policies; keyed by its store) stays, so the header's
  // brand does not flicker at every sign-in.
  useEffect(
    () =>
      sessionStore.onSwitch(() => {
        client.getMutationCache().clear();
        client.removeQueries({ predicate: (q) => q.queryKey[0] !== STORE_CONFIG_KEY });
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
