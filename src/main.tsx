import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { type DemoFaults, demoControls } from './lib/demo';
import { isDemoMode } from './lib/session';
import { setServiceReady } from './lib/service-ready';

const NO_FAULTS: DemoFaults = { latencyMs: 0, jitterMs: 0, failNext: 0, dropNext: 0 };

// Demo builds (no VITE_API_BASE_URL) start the in-browser service; the literal check lets the
// bundler drop the MSW chunk from real-backend builds entirely.
if (!import.meta.env.VITE_API_BASE_URL && isDemoMode()) {
  setServiceReady(
    import('./mocks/browser')
      .then(async ({ startDemoService }) => {
        const demo = await startDemoService();
        demoControls.set({ reset: demo.reset, faults: demo.faults, notice: demo.repo.notice });
      })
      .catch((error: unknown) => {
        // e.g. no service workers (a private window, plain http on another host): say so, rather
        // than let every screen fail with an answer it cannot explain
        console.error('[demo] the in-browser service could not start', error);
        demoControls.set({
          reset: () => window.location.reload(),
          faults: { current: NO_FAULTS, set: () => undefined, subscribe: () => () => undefined },
          notice:
            'The demo service could not start in this browser (it needs service workers, which this window does not allow). Open the app in a normal window, or set an API base URL in Settings.',
        });
      }),
  );
}

// A transition: React draws the first screen in short tasks, yielding between them, instead of
// one long task; the static shell in index.html stays until it is done (docs/performance.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
