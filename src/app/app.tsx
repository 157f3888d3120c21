import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRouter, type BlockingHistory, createAppHistory } from '@/lib/navigation';
import { Providers } from './providers';
import { queryClient } from './query-client-instance';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

/** The whole app over a given query client and history (the page's, or a test's). */
export function AppShell({ client, history }: { client: QueryClient; history: BlockingHistory }) {
  return (
    <Providers client={client}>
      <AppRouter history={history}>
        {/* the layout's own failure (each screen has a boundary of its own inside it) */}
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </AppRouter>
    </Providers>
  );
}

export function App() {
  const [history] = useState(createAppHistory);
  return <AppShell client={queryClient} history={history} />;
}
