import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouter, createTestHistory } from '@/app/navigation';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
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

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const history = createTestHistory([route]);
  const user = userEvent.setup();
  const utils = render(
    <Providers client={queryClient}>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </Providers>,
  );
  return { ...utils, user, history, queryClient };
}
