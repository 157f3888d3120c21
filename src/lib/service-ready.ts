/**
 * In demo mode the in-browser service starts in parallel with the first paint; requests wait
 * for it here instead of the whole app waiting before rendering.
 */
let ready: Promise<unknown> = Promise.resolve();

export function setServiceReady(promise: Promise<unknown>) {
  ready = promise.catch(() => undefined);
}

export function whenServiceReady(): Promise<unknown> {
  return ready;
}
