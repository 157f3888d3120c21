/** What the UI may do with the in-browser demo service (set by main.tsx in demo mode only). */
export interface DemoFaults {
  latencyMs: number;
  jitterMs: number;
  failNext: number;
  dropNext: number;
}

export interface DemoServiceControls {
  reset(): void;
  faults: {
    readonly current: DemoFaults;
    /** The largest value of each (the least is 0); the service brings larger ones down to it. */
    readonly max: DemoFaults;
    set(patch: Partial<DemoFaults>): void;
    subscribe(listener: () => void): () => void;
  };
}

export interface DemoControls {
  /** The running service; null when it could not start (nothing to reset or slow down). */
  service: DemoServiceControls | null;
  /** What the user should know: stored demo data reset at start-up, or why it did not start. */
  notice: string | null;
}

/** The controls when the service could not start: no service, and a notice that says why. */
export function demoStartFailed(
  error: unknown,
  hasServiceWorkers = typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
): DemoControls {
  const why = hasServiceWorkers
    ? `The demo service could not start in this browser (${error instanceof Error ? error.message : String(error)}).`
    : 'The demo service could not start: it needs service workers, which this window does not allow (a private window, or plain http on a host other than localhost).';
  return {
    service: null,
    notice: `${why} Reload to try again, or set an API base URL in Settings.`,
  };
}

let controls: DemoControls | null = null;
const listeners = new Set<() => void>();

export const demoControls = {
  get: () => controls,
  set(value: DemoControls) {
    controls = value;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** How long the in-browser service may take to start before the app says it did not. */
export const DEMO_START_LIMIT_MS = 20_000;

/**
 * Starts the demo service (`start` gives its controls), for main.tsx; the app's requests wait
 * on what this returns. A start that never ends (a service worker stuck installing) would hold
 * every request, and every screen's spinner, for good: past `limitMs` it is said not to have
 * started (the notice, with Reload), and the requests go on and fail with that to explain them.
 * Should it start after all, its controls take the notice's place.
 */
export function startDemo(
  start: () => Promise<DemoControls>,
  limitMs = DEMO_START_LIMIT_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = start().then((value) => {
    clearTimeout(timer);
    demoControls.set(value);
  });
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`it did not start within ${limitMs / 1000} seconds`)),
      limitMs,
    );
  });
  return Promise.race([started, late]).catch((error: unknown) => {
    clearTimeout(timer);
    // e.g. no service workers (a private window, plain http on another host): say so, rather
    // than let every screen fail with an answer it cannot explain
    console.error('[demo] the in-browser service could not start', error);
    demoControls.set(demoStartFailed(error));
  });
}
