import { DATA_VERSION, createSeed } from './service/seed';
import type { StateRepository } from './service/service';
import type { ServiceState } from './service/types';

/** State in memory: vitest and the Node server. */
export class MemoryRepository implements StateRepository {
  private state: ServiceState;
  constructor(private readonly seed: () => ServiceState = () => createSeed()) {
    this.state = seed();
  }
  read() {
    return this.state;
  }
  write(state: ServiceState) {
    this.state = state;
  }
  reset() {
    this.state = this.seed();
    return this.state;
  }
}

export const STATE_KEY = 'storefront-demo:state';
const REVISION_KEY = 'storefront-demo:revision';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Enough of a shape check that a hand-edited or truncated entry resets instead of failing later. */
function looksLikeState(value: unknown): value is ServiceState {
  if (!isRecord(value) || typeof value.storeId !== 'string' || typeof value.apiKey !== 'string') {
    return false;
  }
  const records = ['tokens', 'customers', 'carts', 'orders', 'returns', 'idempotency'] as const;
  return (
    records.every((key) => isRecord(value[key])) &&
    Array.isArray(value.locations) &&
    isRecord(value.storeConfig) &&
    isRecord(value.counters)
  );
}

/**
 * Data saved before collect-in-store carts had `estimated_delivery_days: 0` (they had null), and
 * before a customer made without a first name had null (they had ""): mended in place rather than
 * by a DATA_VERSION bump, whose reset would also restart the return numbers while the app still
 * lists the returns made with them.
 */
function upgrade(state: ServiceState): ServiceState {
  for (const cart of Object.values(state.carts) as { estimated_delivery_days: number | null }[]) {
    cart.estimated_delivery_days ??= 0;
  }
  for (const customer of Object.values(state.customers)) {
    if (customer.first_name === '') customer.first_name = null;
  }
  return state;
}

interface Stored {
  version: number;
  revision: string;
  state: ServiceState;
}

/**
 * State in localStorage, written on every change. Each request starts from the latest stored
 * revision, so two tabs never overwrite each other's changes with a stale copy.
 */
export class BrowserRepository implements StateRepository {
  private state: ServiceState;
  private revision: string | null = null;
  /** Why stored data was discarded at start-up, for the UI to tell the user once. */
  notice: string | null = null;

  constructor(private readonly storage: Storage = window.localStorage) {
    this.state = this.load() ?? this.reset();
  }

  private load(): ServiceState | null {
    const raw = this.storage.getItem(STATE_KEY);
    if (raw === null) return null;
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch {
      stored = undefined;
    }
    if (!isRecord(stored) || typeof stored.version !== 'number') {
      this.notice = 'The demo data saved in this browser could not be read, so it was reset.';
      return null;
    }
    if (stored.version !== DATA_VERSION) {
      this.notice =
        'The demo data saved in this browser came from another version of the app, so it was reset.';
      return null;
    }
    if (!looksLikeState(stored.state)) {
      this.notice = 'The demo data saved in this browser could not be read, so it was reset.';
      return null;
    }
    this.revision = typeof stored.revision === 'string' ? stored.revision : null;
    return upgrade(stored.state);
  }

  read() {
    if (this.storage.getItem(REVISION_KEY) !== this.revision) {
      const latest = this.load();
      if (latest) this.state = latest;
    }
    return this.state;
  }

  write(state: ServiceState) {
    this.state = state;
    this.revision = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const stored: Stored = { version: DATA_VERSION, revision: this.revision, state };
    this.storage.setItem(STATE_KEY, JSON.stringify(stored));
    this.storage.setItem(REVISION_KEY, this.revision);
  }

  reset() {
    this.state = createSeed();
    this.write(this.state);
    return this.state;
  }
}
