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
