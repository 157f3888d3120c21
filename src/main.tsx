import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { demoControls, demoStartFailed } from './lib/demo';
import { isDemoMode, sessionStore } from './lib/session';
import { setServiceReady } from './lib/service-ready';

// Demo builds (no VITE_API_BASE_URL) start the in-browser service; the literal check lets the
// bundler drop the MSW chunk from real-backend builds entirely.
if (!import.meta.env.VITE_API_BASE_URL && isDemoMode()) {
  setServiceReady(
    import('./mocks/browser')
      .then(async ({ startDemoService }) => {
        const demo = await startDemoService();
        // the service started over from its seed (another data version, unreadable data): the
        // app's records of the old data go too, or a return number would come back for another
        // return, as after "Reset demo data"
        if (demo.repo.notice) sessionStore.clearRecords();
        demoControls.set({
          service: { reset: demo.reset, faults: demo.faults },
          notice: demo.repo.notice,
        });
      })
      .catch((error: unknown) => {
        // e.g. no service workers (a private window, plain http on another host): say so, rather
        // than let every screen fail with an answer it cannot explain
        console.error('[demo] the in-browser service could not start', error);
        demoControls.set(demoStartFailed(error));
      }),
  );
}

// The first render waits for the route's screen (its chunk is already downloading: index.html
// preloads it), so it draws the screen rather than a spinner; and it is a transition, so React
// draws it in short tasks instead of one long one. The static shell in index.html stays until
// it is done (docs/performance.md).
const root = createRoot(document.getElementById('root')!);
void preloadScreen(window.location.pathname).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
