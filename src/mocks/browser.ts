import { setupWorker } from 'msw/browser';
import { setServiceReady } from '@/lib/service-ready';
import { FaultController, faultsFromSearch, type FaultSettings } from './faults';
import { createHandlers } from './handlers';
import { BrowserRepository } from './persistence';
import { StorefrontService } from './service/service';

const FAULTS_KEY = 'storefront-demo:faults';
const SCALE_KEY = 'storefront-demo:extra-locations';

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/**
 * Back to the browser between the start-up's steps: evaluating this chunk, loading or seeding
 * the stored data and starting the worker are each a long task on a slow phone; one after the
 * other in separate tasks, the page can paint and answer input in between.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface DemoService {
  service: StorefrontService;
  faults: FaultController;
  repo: BrowserRepository;
  /** Restore the seed data. */
  reset(): void;
}

/**
 * Start the in-browser storefront service (demo mode). Fault switches come from the URL
 * (`?latency=&jitter=&fail=&drop=`, kept for the tab) and `?locations=N` adds N synthetic
 * locations for scale demos.
 */
export async function startDemoService(): Promise<DemoService> {
  await yieldToBrowser();
  const search = window.location.search;
  const fromUrl = faultsFromSearch(search);
  const saved = readJson<FaultSettings>(sessionStorage, FAULTS_KEY);
  const faults = new FaultController({ ...saved, ...fromUrl }, (s) =>
    sessionStorage.setItem(FAULTS_KEY, JSON.stringify(s)),
  );
  if (fromUrl) sessionStorage.setItem(FAULTS_KEY, JSON.stringify(faults.current));

  const scaleParam = new URLSearchParams(search).get('locations');
  if (scaleParam !== null) sessionStorage.setItem(SCALE_KEY, scaleParam);
  const extraLocations = Number(sessionStorage.getItem(SCALE_KEY) ?? '0') || 0;

  const repo = new BrowserRepository();
  await yieldToBrowser();
  const service = new StorefrontService(repo, { extraLocations });
  const worker = setupWorker(...createHandlers(service, faults, window.location.origin));
  const start = () =>
    worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    });
  await start();
  // msw takes every beforeunload for the page's end: it tells its worker this tab closed, and the
  // worker then sends the tab's requests to the web server (and unregisters, if it was the last
  // tab). But a page may ask "Leave site?" (unsaved notification settings) and be answered Stay:
  // the service then starts again. The check runs once every listener has had its say (whether
  // one asked), and after the prompt. A page that does go may run it too, while its next page
  // loads (that page starts the service afresh). One restart at a time: a second Stay while one
  // runs waits for it (two overlapping would leave msw answering every request twice).
  let restarts = Promise.resolve();
  const restart = async () => {
    worker.stop();
    await start();
  };
  window.addEventListener('beforeunload', (event) => {
    setTimeout(() => {
      if (!event.defaultPrevented) return;
      restarts = restarts.then(restart).catch(() => undefined);
      // the app's requests wait for it, as for the first start (a Save pressed right after Stay)
      setServiceReady(restarts);
    }, 0);
  });
  return { service, faults, repo, reset: () => service.reset() };
}
