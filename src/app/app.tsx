import { useState } from 'react';
import { AppRouter, createAppHistory } from './navigation';
import { Providers } from './providers';
import { queryClient } from './query-client-instance';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

export function App() {
  const [history] = useState(createAppHistory);
  return (
    <Providers client={queryClient}>
      <AppRouter history={history}>
        {/* the layout's own failure (each screen has a boundary of its own inside it) */}
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </AppRouter>
    </Providers>
  );
}
