/**
 * The client and the responses index.html's script requested early: taken only for the identical
 * GET, once, while fresh; anything else is fetched as usual. Sign-in and sign-out forget them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { apiRequest } from './client';
import type { Connection } from './connection';
import { EARLY_RESPONSE_MAX_AGE_MS, type EarlyResponse } from './early-response';
import { ApiError } from './errors';

const conn: Connection = {
  baseUrl: 'https://api.example.com',
  storeId: 'demo-store',
  apiKey: 'key-1',
  accessToken: 'token-1',
  userId: 'u1',
};
const URL_ = 'https://api.example.com/api/v1/demo-store/storefront/things/1';
const thingSchema = z.object({ id: z.string() });

const envelope = (id: string) =>
  new Response(JSON.stringify({ content: { thing: { id } } }), {
    headers: { 'Content-Type': 'application/json' },
  });

const getThing = (timeoutMs?: number) =>
  apiRequest(conn, {
    method: 'GET',
    path: '/things/1',
    credential: 'bearer',
    contentKey: 'thing',
    schema: thingSchema,
    timeoutMs,
  });

function early(overrides: Partial<EarlyResponse> = {}): EarlyResponse {
  return {
    url: URL_,
    headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    at: performance.now(),
    response: Promise.resolve(envelope('early')),
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(envelope('fetched')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyResponses;
});

describe('the client and early responses', () => {
  it('takes the early response for the same GET with the same headers, and sends nothing', async () => {
    window.__earlyResponses = [early()];
    expect(await getThing()).toEqual({ id: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyResponses).toEqual([]);
  });

  it('takes it once: the next request is fetched', async () => {
    window.__earlyResponses = [early()];
    await getThing();
    expect(await getThing()).toEqual({ id: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'another token (someone else signed in)',
      { Accept: 'application/json', Authorization: 'Bearer other' },
    ],
    ['no credential', { Accept: 'application/json' }],
    [
      'a credential the operation does not take',
      { Accept: 'application/json', Authorization: 'Bearer token-1', 'X-Api-Key': 'key-1' },
    ],
  ])('fetches, and drops the early one, when it was sent with %s', async (_, headers) => {
    window.__earlyResponses = [early({ headers })];
    expect(await getThing()).toEqual({ id: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__earlyResponses).toEqual([]);
  });

  it('fetches when the early response is older than its limit', async () => {
    window.__earlyResponses = [early({ at: performance.now() - EARLY_RESPONSE_MAX_AGE_MS - 1 })];
    expect(await getThing()).toEqual({ id: 'fetched' });
  });

  it('fetches again when the early request failed', async () => {
    window.__earlyResponses = [early({ response: Promise.reject(new TypeError('offline')) })];
    expect(await getThing()).toEqual({ id: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never answers a write with it', async () => {
    window.__earlyResponses = [early()];
    await apiRequest(conn, {
      method: 'POST',
      path: '/things/1',
      credential: 'bearer',
      contentKey: 'thing',
      schema: thingSchema,
      body: {},
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__earlyResponses).toHaveLength(1);
  });

  it('times out waiting for an early response that never comes', async () => {
    window.__earlyResponses = [early({ response: new Promise<Response>(() => {}) })];
    const error = await getThing(50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('timeout');
  });

  it('an early error response is the service answering: its error reaches the caller', async () => {
    const body = { success: false, code: 'unauthorized', message: 'Sign in again.' };
    window.__earlyResponses = [
      early({ response: Promise.resolve(new Response(JSON.stringify(body), { status: 401 })) }),
    ];
    const error = await getThing().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('signing in and out', () => {
  afterEach(() => {
    sessionStore.signOut();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sign-out forgets the early responses (they may hold a customer record)', () => {
    sessionStore.signIn({ accessToken: 't', userId: 'u', displayName: 'U', role: 'staff' }, false);
    window.__earlyResponses = [early()];
    sessionStore.signOut();
    expect(window.__earlyResponses).toBeUndefined();
  });

  it('so does a sign-in or sign-out in another tab (the session is read again)', () => {
    window.__earlyResponses = [early()];
    sessionStore.reload(); // nothing changed: still this session's
    expect(window.__earlyResponses).toHaveLength(1);
    localStorage.setItem(
      IDENTITY_KEY,
      JSON.stringify({ accessToken: 't2', userId: 'u2', displayName: 'U2', role: 'staff' }),
    );
    sessionStore.reload();
    expect(window.__earlyResponses).toBeUndefined();
  });

  it('sign-in forgets them too', () => {
    window.__earlyResponses = [early()];
    sessionStore.signIn(
      { accessToken: 't', userId: 'u2', displayName: 'U2', role: 'customer' },
      false,
    );
    expect(window.__earlyResponses).toBeUndefined();
  });
});
