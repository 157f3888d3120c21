/** What the UI may do with the in-browser demo service (set by main.tsx in demo mode only). */
export interface DemoFaults {
  latencyMs: number;
  jitterMs: number;
  failNext: number;
  dropNext: number;
}

export interface DemoControls {
  reset(): void;
  faults: {
    readonly current: DemoFaults;
    set(patch: Partial<DemoFaults>): void;
    subscribe(listener: () => void): () => void;
  };
  /** Why stored demo data was reset at start-up, if it was. */
  notice: string | null;
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
