import { setupServer } from 'msw/node';
import { FaultController, type FaultSettings } from './faults';
import { createHandlers } from './handlers';
import { MemoryRepository } from './persistence';
import { createSeed } from './service/seed';
import { StorefrontService, type ServiceOptions } from './service/service';

export interface NodeServiceOptions extends ServiceOptions {
  faults?: Partial<FaultSettings>;
  /**
   * Read at every seeding: return numbers continue after it. Default 0 (RET-000001 first, as
   * tests expect); the HTTP server passes the clock, so a restart never reuses a number.
   */
  returnNumbersAfter?: () => number;
}

/** A complete in-memory storefront service for Node: for vitest (msw/node) and the HTTP server. */
export function createNodeService(options: NodeServiceOptions = {}) {
  const repo = new MemoryRepository(() => {
    const seed = createSeed();
    seed.counters.returnRequest = options.returnNumbersAfter?.() ?? 0;
    return seed;
  });
  const service = new StorefrontService(repo, options);
  const faults = new FaultController(options.faults);
  const handlers = createHandlers(service, faults);
  return { repo, service, faults, handlers };
}

/** msw/node server over a fresh service; tests call `listen`, `resetHandlers`, `close`. */
export function createTestServer(options: ServiceOptions = {}) {
  const node = createNodeService(options);
  return { ...node, server: setupServer(...node.handlers) };
}
