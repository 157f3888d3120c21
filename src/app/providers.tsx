import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { sessionStore } from '@/lib/session';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // signed out, someone else signed in (here or in another tab), or another store: what was
  // fetched is theirs. Dropped before any screen renders again; the screens fetch afresh.
  useEffect(() => sessionStore.onSwitch(() => client.clear()), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
