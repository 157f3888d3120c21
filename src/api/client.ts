import type { z } from 'zod/mini';
import { REQUEST_TIMEOUT_MS } from '@/lib/config';
import { whenServiceReady } from '@/lib/service-ready';
import { sessionStore } from '@/lib/session';
import { type Connection, storefrontUrl } from './connection';
import { takeEarlyResponse } from './early-response';
import { ApiError } from './errors';
import { errorBodySchema } from './schemas/common';
import { REPORT_INPUT, issueMessage, issuesToFieldErrors } from './schemas/issue-message';

/** Which credential an operation takes. The client sends exactly that one (CONTRACT B2). */
export type Credential = 'none' | 'bearer' | 'api-key';

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under `/api/v1/{store}/storefront`, segments already encoded. */
  path: string;
  credential: Credential;
  /** Name of the payload inside `content`. */
  contentKey: string;
  schema: z.ZodMiniType<T>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export { seg } from './connection';

function buildHeaders<T>(conn: Connection, spec: RequestSpec<T>): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (spec.body !== undefined) headers.set('Content-Type', 'application/json');
  if (spec.idempotencyKey) headers.set('Idempotency-Key', spec.idempotencyKey);
  if (spec.credential === 'bearer' && conn.accessToken) {
    headers.set('Authorization', `Bearer ${conn.accessToken}`);
  }
  if (spec.credential === 'api-key' && conn.apiKey) headers.set('X-Api-Key', conn.apiKey);
  return headers;
}

/** `cart.grand_total must be a number (invalid_type)`: where, what was expected, and zod's code. */
function describeIssue(contentKey: string, issue: z.core.$ZodIssue): string {
  const path = [contentKey, ...issue.path.map(String)].join('.');
  return `${path} ${issueMessage(issue)} (${issue.code})`;
}

/** `promise`, or the signal's reason once it aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The body as text, bounded by the request's signal: a body that stalls after the headers must
 * still time out (a mocked or proxied response body need not honour the fetch signal itself).
 */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  return untilAborted(response.text(), signal);
}

/**
 * `fetch`, or the response index.html's script already requested for this very GET (same URL,
 * same headers) before the app's code arrived. That one cannot be cancelled, so the signal (the
 * timeout, the caller) bounds the wait for it; if it failed, the request is made again now.
 */
function send(url: string, init: RequestInit & { headers: Headers }, signal: AbortSignal) {
  const early = init.method === 'GET' ? takeEarlyResponse(url, init.headers) : undefined;
  if (!early) return fetch(url, init);
  return untilAborted(
    early.catch(() => fetch(url, init)),
    signal,
  );
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `Retry-After` (seconds, or an HTTP date) in ms from now; undefined when absent or unreadable.
 * A 503 or 429 with it says when the service will take requests again.
 */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A signal that aborts after `ms`, or with the first of `outer` that aborts. */
function timeoutSignal(
  ms: number,
  ...outer: (AbortSignal | undefined)[]
): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException('timeout', 'TimeoutError'));
  }, ms);
  const signals = outer.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  const aborted = signals.find((s) => s.aborted);
  if (aborted) controller.abort(aborted.reason);
  for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const dispose = () => {
    clearTimeout(timer);
    for (const s of signals) s.removeEventListener('abort', onAbort);
  };
  return { signal: controller.signal, timedOut: () => fired, dispose };
}

/**
 * The answer came, or would have come, after a sign-out, a sign-in or a change of store: it is
 * for whom the app acted for before, so nothing of it may reach the screen or the cache.
 */
const switchedError = (cause?: unknown) =>
  new ApiError({
    status: 0,
    code: 'session_switched',
    message:
      'Someone signed in or out, or the connection changed, before the service answered. Nothing from that answer is shown.',
    cause,
  });

/**
 * Send one storefront request: URL from connection, the operation's credential only, envelope
 * unwrapped, payload parsed with its schema. Every failure becomes an ApiError.
 */
export async function apiRequest<T>(conn: Connection, spec: RequestSpec<T>): Promise<T> {
  // a person's operation belongs to the session it was sent in (taken first: a request that
  // waits for the demo service still does); a store's public data and its locations do not
  const session = spec.credential === 'bearer' ? sessionStore.signal() : undefined;
  await whenServiceReady();
  if (session?.aborted) throw switchedError();
  const { signal, timedOut, dispose } = timeoutSignal(
    spec.timeoutMs ?? REQUEST_TIMEOUT_MS,
    spec.signal,
    session,
  );
  let response: Response;
  let text: string;
  try {
    const init = {
      method: spec.method,
      headers: buildHeaders(conn, spec),
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal,
      credentials: 'omit' as const,
      // a person's records are never written to the browser's HTTP cache, whatever the API's
      // headers say: signing out could not clear them from there
      cache: spec.credential === 'bearer' ? ('no-store' as const) : ('default' as const),
    };
    response = await send(storefrontUrl(conn, spec.path), init, signal);
    // the body is part of the request: its timeout, abort and network rules apply here too
    text = await readText(response, signal);
  } catch (cause) {
    if (spec.signal?.aborted) throw cause; // the caller cancelled: not a failure to show
    if (session?.aborted) throw switchedError(cause);
    if (timedOut()) {
      throw new ApiError({
        status: 0,
        code: 'timeout',
        message: 'The service took too long to answer. Check the connection and try again.',
        cause,
      });
    }
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the service. Check the connection and try again.',
      cause,
    });
  } finally {
    dispose();
  }

  if (session?.aborted) throw switchedError();
  const json = parseJson(text);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const retryAfter = retryAfterMs(response);
    if (parsed.success) {
      throw new ApiError({
        status: response.status,
        code: parsed.data.code,
        message: parsed.data.message,
        fieldErrors: parsed.data.errors,
        details: parsed.data.details,
        retryAfterMs: retryAfter,
      });
    }
    throw new ApiError({
      status: response.status,
      code: response.status >= 500 ? 'internal_error' : 'invalid_response',
      message: `The service answered ${response.status} without an error description.`,
      retryAfterMs: retryAfter,
    });
  }

  const content =
    json && typeof json === 'object' && 'content' in json
      ? (json as { content: unknown }).content
      : undefined;
  const payload =
    content && typeof content === 'object'
      ? (content as Record<string, unknown>)[spec.contentKey]
      : undefined;
  if (payload === undefined) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      // a body that is not JSON at all (cut off on the way, a proxy's page) is no missing field
      message:
        json === undefined
          ? "The service's answer could not be read: it was cut off or is not JSON."
          : `The service's answer has no content.${spec.contentKey}.`,
    });
  }
  const parsed = spec.schema.safeParse(payload, REPORT_INPUT);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `The service's answer does not match the contract: ${first ? describeIssue(spec.contentKey, first) : spec.contentKey}.`,
      fieldErrors: issuesToFieldErrors(parsed.error.issues, spec.contentKey),
      cause: parsed.error,
    });
  }
  return parsed.data;
}
