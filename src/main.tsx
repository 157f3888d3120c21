import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { demoControls } from './lib/demo';
import { isDemoMode } from './lib/session';
import { setServiceReady } from './lib/service-ready';
import './index.css';

// Demo builds (no VITE_API_BASE_URL) start the in-browser service; the literal check lets the
// bundler drop the MSW chunk from real-backend builds entirely.
if (!import.meta.env.VITE_API_BASE_URL && isDemoMode()) {
  setServiceReady(
    import('./mocks/browser').then(async ({ startDemoService }) => {
      const demo = await startDemoService();
      demoControls.set({ reset: demo.reset, faults: demo.faults, notice: demo.repo.notice });
    }),
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
