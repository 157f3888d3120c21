import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@/lib/config';
import { type Connection, storefrontUrl } from './connection';
import { ApiError } from './errors';
import { errorBodySchema } from './schemas/common';

/** Which credential an operation takes. The client sends exactly that one (CONTRACT B2). */
export type Credential = 'none' | 'bearer' | 'api-key';

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under `/api/v1/{store}/storefront`, segments already encoded. */
  path: string;
  credential: Credential;
  /** Name of the payload inside `content`. */
  contentKey: string;
  schema: z.ZodType<T>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Encode one path segment (ids come from users and scanners). */
export const seg = (value: string) => encodeURIComponent(value);

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

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function timeoutSignal(
  ms: number,
  outer?: AbortSignal,
): { signal: AbortSignal; timedOut: () => boolean } {
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException('timeout', 'TimeoutError'));
  }, ms);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return { signal: controller.signal, timedOut: () => fired };
}

/**
 * Send one storefront request: URL from connection, the operation's credential only, envelope
 * unwrapped, payload parsed with its schema. Every failure becomes an ApiError.
 */
export async function apiRequest<T>(conn: Connection, spec: RequestSpec<T>): Promise<T> {
  const { signal, timedOut } = timeoutSignal(spec.timeoutMs ?? REQUEST_TIMEOUT_MS, spec.signal);
  let response: Response;
  try {
    response = await fetch(storefrontUrl(conn, spec.path), {
      method: spec.method,
      headers: buildHeaders(conn, spec),
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal,
      credentials: 'omit',
    });
  } catch (cause) {
    if (spec.signal?.aborted) throw cause; // the caller cancelled: not a failure to show
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
  }

  const json = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) {
      throw new ApiError({
        status: response.status,
        code: parsed.data.code,
        message: parsed.data.message,
        fieldErrors: parsed.data.errors,
        details: parsed.data.details,
      });
    }
    throw new ApiError({
      status: response.status,
      code: response.status >= 500 ? 'internal_error' : 'invalid_response',
      message: `The service answered ${response.status} without an error description.`,
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
      message: `The service's answer has no content.${spec.contentKey}.`,
    });
  }
  const parsed = spec.schema.safeParse(payload);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `The service's answer does not match the contract (${spec.contentKey}.${first ? describeIssue(first) : 'unknown'}).`,
      fieldErrors: parsed.error.issues.map((i) => ({
        field: [spec.contentKey, ...i.path.map(String)].join('.'),
        message: i.message,
      })),
      cause: parsed.error,
    });
  }
  return parsed.data;
}
