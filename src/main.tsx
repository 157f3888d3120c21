import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { startDemo } from './lib/demo';
import { isDemoMode, sessionStore } from './lib/session';
import { setServiceReady } from './lib/service-ready';

// Back and Forward land at the screen's heading, in view, as every other move does: the heading
// takes focus (src/components/ui/page.tsx, the wizard's steps), and the browser's own restoring
// of the old scroll position came after it and left the focused heading off screen
history.scrollRestoration = 'manual';

// Demo builds (no VITE_API_BASE_URL) start the in-browser service; the literal check lets the
// bundler drop the MSW chunk from real-backend builds entirely.
if (!import.meta.env.VITE_API_BASE_URL && isDemoMode()) {
  setServiceReady(
    startDemo(() =>
      import('./mocks/browser').then(async ({ startDemoService }) => {
        const demo = await startDemoService();
        // the service started over from its seed (another data version, unreadable data): the
        // app's records of the old data go too, or a return number would come back for another
        // return, as after "Reset demo data"
        if (demo.repo.notice) sessionStore.clearRecords();
        return {
          service: { reset: demo.reset, faults: demo.faults },
          notice: demo.repo.notice,
        };
      }),
    ),
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
