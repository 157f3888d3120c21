import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestServer } from '@/mocks/node';

/**
 * A fresh in-memory storefront service for one test file, reset after each test (handlers,
 * data, faults and request listeners). Tests change
 * its behaviour through the service itself (`faults.set`, `service`), or `server.use(...)`.
 */
export function setupTestServer() {
  const test = createTestServer();
  beforeAll(() => test.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    // a test that listens to requests stops listening with it, also when it fails
    test.server.events.removeAllListeners();
    test.server.resetHandlers();
    test.service.reset();
    test.faults.set({ latencyMs: 0, jitterMs: 0, failNext: 0, dropNext: 0 });
  });
  afterAll(() => test.server.close());
  return test;
}

/**
 * The URLs of the `method` requests to a path ending in `pathEnd` that the app sends from now
 * until the test ends: counting them is how a test shows that a second press sent nothing.
 */
export function sentRequests(
  server: ReturnType<typeof createTestServer>['server'],
  method: string,
  pathEnd: string,
): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(pathEnd)) {
      urls.push(request.url);
    }
  });
  return urls;
}
