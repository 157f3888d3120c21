import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { queryClient } from './query-client-instance';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
