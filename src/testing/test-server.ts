import { http } from 'msw';
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

/**
 * Holds the next `method` request to `path` (msw's path syntax, e.g. `*\/pos/carts/cart_1001`)
 * until `release()`, then lets the service answer it: a window of the test's own choosing,
 * however slow the machine. A latency is a race between the answer and the test's next steps.
 *
 * `arrived` settles once the request is there, held: for a step that must come while it is out
 * (not before it was sent). `answered` settles once the service has answered it (msw's
 * `request:match` for it): what a test awaits before saying that an answer that came late was not
 * let in. The app may have given up on it meanwhile (an aborted fetch): it says the answer came,
 * not that the app read it. (Not `request:end`: msw emits none for a request the app aborted.)
 */
export function holdNext(
  server: ReturnType<typeof createTestServer>['server'],
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
): { release: () => void; arrived: Promise<void>; answered: Promise<void> } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (markArrived = resolve));
  let markAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  let heldId: string | undefined;
  const onMatch = ({ requestId }: { requestId: string }) => {
    if (requestId !== heldId) return;
    server.events.removeListener('request:match', onMatch);
    markAnswered();
  };
  server.events.on('request:match', onMatch);
  // a resolver that returns nothing hands the request on to the service's own handler
  server.use(
    http[method](
      path,
      ({ requestId }) => {
        heldId = requestId;
        markArrived();
        return released.then(() => undefined);
      },
      { once: true },
    ),
  );
  return { release, arrived, answered };
}
