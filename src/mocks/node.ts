import { setupServer } from 'msw/node';
import { FaultController, type FaultSettings } from './faults';
import { createHandlers } from './handlers';
import { MemoryRepository } from './persistence';
import { StorefrontService, type ServiceOptions } from './service/service';

/** A complete in-memory storefront service for Node: for vitest (msw/node) and the HTTP server. */
export function createNodeService(
  options: ServiceOptions & { faults?: Partial<FaultSettings> } = {},
) {
  const repo = new MemoryRepository();
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
