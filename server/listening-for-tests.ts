import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { NO_FAULTS } from '@/mocks/faults';
import { type NodeServiceOptions, createNodeService } from '@/mocks/node';
import { createApiServer } from './http-adapter';

/** The app's origin the test server allows (CORS). */
export const APP_ORIGIN = 'http://localhost:5173';

/**
 * The Node API server on a free port of 127.0.0.1 for one test file: listening before its
 * tests, its service reset before each, closed after them. `port()` once listening.
 */
export function listeningForTests(options: NodeServiceOptions = {}) {
  const node = createNodeService(options);
  const server = createApiServer({ handlers: node.handlers, allowedOrigins: [APP_ORIGIN] });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    node.service.reset();
    node.faults.set(NO_FAULTS);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { node, server, port: () => port };
}
