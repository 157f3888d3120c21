import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { isUnauthorized } from '@/api/errors';
import { holdsPersonData } from '@/api/query-keys';
import { sessionStore } from '@/lib/session';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    // signed out, someone else signed in (here or in another tab), or another store: what was
    // fetched is theirs. Dropped before any screen renders again; the screens fetch afresh. The
    // store's config (so the header's brand does not flicker at every sign-in) and its locations
    // hold nothing of a person's and stay (src/api/query-keys.ts).
    const stopSwitch = sessionStore.onSwitch(() => {
      client.getMutationCache().clear();
      client.removeQueries({ predicate: (q) => holdsPersonData(q.queryKey) });
    });
    // a 401 was about the session of that moment: after any change to it (signing in again with
    // the same token keeps the cache, here or in another tab) what was refused is asked again,
    // at once where it is on screen, and when next shown elsewhere
    const stopChange = sessionStore.subscribe(() => {
      void client.invalidateQueries({ predicate: (q) => isUnauthorized(q.state.error) });
    });
    return () => {
      stopSwitch();
      stopChange();
    };
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
