/** Latency and failure injection for demos and tests (off by default). */
export interface FaultSettings {
  /** Fixed delay before every answer. */
  latencyMs: number;
  /** Extra random delay, 0 to this many ms. */
  jitterMs: number;
  /** The next N requests answer 500 internal_error. */
  failNext: number;
  /** The next N requests fail as a dropped connection (network error). */
  dropNext: number;
}

export type FaultOutcome = 'ok' | 'fail' | 'drop';

export const NO_FAULTS: FaultSettings = { latencyMs: 0, jitterMs: 0, failNext: 0, dropNext: 0 };

/** The largest value each setting takes (the least is 0); larger values are brought down to it. */
export const FAULT_MAX: FaultSettings = {
  latencyMs: 30_000,
  jitterMs: 30_000,
  failNext: 1000,
  dropNext: 1000,
};

const clampInt = (value: unknown, max: number) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.min(max, Math.floor(n))) : 0;
};

export function sanitizeFaults(
  input: Partial<Record<keyof FaultSettings, unknown>>,
): FaultSettings {
  return {
    latencyMs: clampInt(input.latencyMs, FAULT_MAX.latencyMs),
    jitterMs: clampInt(input.jitterMs, FAULT_MAX.jitterMs),
    failNext: clampInt(input.failNext, FAULT_MAX.failNext),
    dropNext: clampInt(input.dropNext, FAULT_MAX.dropNext),
  };
}

/** URL switches: `?latency=800&jitter=400&fail=2&drop=1`. */
export function faultsFromSearch(search: string): Partial<FaultSettings> | null {
  const params = new URLSearchParams(search);
  const map = {
    latency: 'latencyMs',
    jitter: 'jitterMs',
    fail: 'failNext',
    drop: 'dropNext',
  } as const;
  const found: Partial<FaultSettings> = {};
  let any = false;
  for (const [param, key] of Object.entries(map)) {
    const value = params.get(param);
    if (value !== null) {
      found[key] = clampInt(value, FAULT_MAX[key]);
      any = true;
    }
  }
  return any ? found : null;
}

export class FaultController {
  /** The largest value of each setting (`FAULT_MAX`): the UI says so before the service clamps. */
  readonly max = FAULT_MAX;
  private settings: FaultSettings;
  private listeners = new Set<() => void>();

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly persist?: (s: FaultSettings) => void,
  ) {
    this.settings = sanitizeFaults({ ...NO_FAULTS, ...initial });
  }

  get current(): FaultSettings {
    return this.settings;
  }

  set = (patch: Partial<FaultSettings>) => {
    this.settings = sanitizeFaults({ ...this.settings, ...patch });
    this.persist?.(this.settings);
    this.listeners.forEach((l) => l());
  };

  // an arrow property: React calls it unbound (useSyncExternalStore)
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Wait out the configured delay, then say what this request should do. */
  async next(): Promise<FaultOutcome> {
    const { latencyMs, jitterMs } = this.settings;
    const wait = latencyMs + (jitterMs ? Math.floor(Math.random() * jitterMs) : 0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (this.settings.dropNext > 0) {
      this.set({ dropNext: this.settings.dropNext - 1 });
      return 'drop';
    }
    if (this.settings.failNext > 0) {
      this.set({ failNext: this.settings.failNext - 1 });
      return 'fail';
    }
    return 'ok';
  }
}
