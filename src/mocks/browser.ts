import { setupWorker } from 'msw/browser';
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

/**
 * msw takes every `beforeunload` for the page's end: it tells its worker "this tab closed" (the
 * worker then sends the tab's requests to the web server, and unregisters if it was the last tab)
 * and stops its keep-alive. But a page may ask "Leave site?" (unsaved notification settings) and
 * be answered Stay. So that message waits until the page really goes (`pagehide`), and after a
 * Stay this module keeps the worker alive (an idle worker is stopped by the browser, and forgets
 * which tabs it serves). Restarting msw after a Stay instead raced its own unregistering (an
 * uncaught "Failed to update a ServiceWorker", and a reload when the page had lost its worker).
 */
function surviveStay() {
  const post = ServiceWorker.prototype.postMessage;
  let gone = false;
  let held: (() => void) | undefined;
  // msw's only way to the worker: the one message it must not send early is held
  ServiceWorker.prototype.postMessage = function (
    this: ServiceWorker,
    ...args: Parameters<ServiceWorker['postMessage']>
  ) {
    if (args[0] === 'CLIENT_CLOSED' && !gone) held = () => post.apply(this, args);
    else post.apply(this, args);
  } as ServiceWorker['postMessage'];
  window.addEventListener('pagehide', () => {
    gone = true;
    held?.();
    held = undefined;
  });
  let keptAlive = false;
  window.addEventListener('beforeunload', (event) => {
    // once every listener has had its say (whether one asked), and after the prompt
    setTimeout(() => {
      if (!event.defaultPrevented || keptAlive) return;
      keptAlive = true;
      setInterval(() => navigator.serviceWorker.controller?.postMessage('KEEPALIVE_REQUEST'), 5000);
    }, 0);
  });
}

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
  surviveStay();
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return { service, faults, repo, reset: () => service.reset() };
}
