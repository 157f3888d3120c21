import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppShell } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { createTestHistory } from '@/lib/navigation';
import { sessionStore } from '@/lib/session';

export type TestIdentity = 'cashier' | 'asha' | 'vikram' | null;

/**
 * Mount the whole app (real router, providers and screens) at `route`, signed in as `session`,
 * with a fresh QueryClient that does not retry. Pair with `setupTestServer()`.
 */
export function renderApp(route: string, { session = 'cashier' as TestIdentity } = {}) {
  localStorage.clear();
  sessionStorage.clear();
  // demo mode: an empty base URL means the app's own origin, where the test service answers
  sessionStore.saveSettings({
    baseUrl: '',
    storeId: 'demo-store',
    apiKey: 'demo-api-key',
  });
  const identity = DEMO_IDENTITIES.find((d) => d.id === session);
  if (identity) sessionStore.signIn(identity, false);
  else sessionStore.signOut();

  return mountApp(route);
}

/** Mount the app at `route` over storage as it stands (what a reload of the page sees). */
export function mountApp(route: string) {
  // as the app's (src/app/query-client.ts) but for retries and age: a screen that wants a read on
  // coming back to the tab asks for it itself
  const queryClient = createQueryClient();
  const { queries, mutations } = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    queries: { ...queries, retry: false, staleTime: Infinity },
    mutations,
  });
  const history = createTestHistory([route]);
  const user = userEvent.setup();
  const utils = render(<AppShell client={queryClient} history={history} />);
  return { ...utils, user, history, queryClient };
}

/** Everything the query cache holds, as text: what a test looks for a person's records in. */
export const cachedText = (queryClient: QueryClient) =>
  JSON.stringify(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state),
  );
