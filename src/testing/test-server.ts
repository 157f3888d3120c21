import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestServer } from '@/mocks/node';

/**
 * A fresh in-memory storefront service for one test file, reset after each test. Tests change
 * its behaviour through the service itself (`faults.set`, `service`), or `server.use(...)`.
 */
export function setupTestServer() {
  const test = createTestServer();
  beforeAll(() => test.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    test.server.resetHandlers();
    test.service.reset();
    test.faults.set({ latencyMs: 0, jitterMs: 0, failNext: 0, dropNext: 0 });
  });
  afterAll(() => test.server.close());
  return test;
}
