import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { MAX_BODY_BYTES } from '@/mocks/handlers';

/** The app's origins in development (`vite`) and preview (`vite preview`). */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
/** Exactly the request headers the client sends (CONTRACT B2 credentials, JSON, idempotency). */
const ALLOWED_HEADERS = 'Authorization, X-Api-Key, Content-Type, Idempotency-Key';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Methods Node's HTTP parser takes but fetch's `Request` refuses to carry (CONNECT never reaches
 * the request listener): nothing answers them, as nothing answers any other unknown method.
 */
const UNCARRIED_METHODS = new Set(['TRACE']);

/**
 * The API's paths. The handlers match any origin (`*`), and their `*` also takes in a path before
 * `/api/v1/` (`/x/api/v1/...`): a path outside these is answered here, never by them.
 */
const API_PATH = /^\/api\/v1\/[^/]+\/storefront(\/|$)/;

/**
 * `CORS_ORIGINS` (comma-separated) as the origins a browser sends in `Origin`: each entry must be
 * `scheme://host[:port]` (a trailing `/` is taken off), and is written as the browser writes it
 * (lower-case host, no default port), so `http://LOCALHOST:4173/` allows `http://localhost:4173`.
 * Anything else (no scheme, a path, `*`) throws, naming the entry.
 */
export function parseAllowedOrigins(setting: string): string[] {
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        // not an address at all
      }
      // scheme://host[:port] and at most a trailing "/": no path, query, fragment or user
      const isOrigin =
        url !== undefined &&
        /^https?:$/.test(url.protocol) &&
        /^[a-z][a-z0-9+.-]*:\/\/[^/?#@]+\/?$/i.test(entry);
      if (!isOrigin) {
        throw new Error(
          `CORS_ORIGINS: "${entry}" is not an origin (scheme://host[:port], e.g. http://localhost:4173).`,
        );
      }
      return url!.origin;
    });
}

/**
 * The request target as a URL. An origin-form target is a path even when it starts with `//`
 * (`new URL('//x/api/...', base)` would read `x` as a host and answer `/api/...`); an
 * absolute-form one (`http://host/path`, RFC 9112 3.2.2) is taken as is. null when unreadable.
 */
function requestUrl(target: string): URL | null {
  try {
    return target.startsWith('/')
      ? new URL(`http://localhost${target}`)
      : new URL(target, 'http://localhost');
  } catch {
    return null;
  }
}

/** Connection-level headers that describe this hop, not the request the handlers see. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

export interface AdapterOptions {
  handlers: RequestHandler[];
  allowedOrigins?: readonly string[];
  maxBodyBytes?: number;
}

type BodyResult = { kind: 'ok'; body: Buffer<ArrayBuffer> } | { kind: 'too-large' };

/**
 * Collect a request body up to `limit` bytes. Past the limit it stops collecting at once, so a
 * huge or endless upload never sits in memory; the caller answers 413 and closes the connection.
 */
function readLimitedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ kind: 'ok', body: Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('The client closed the connection before sending the whole body.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function corsHeaders(
  origin: string | undefined,
  allowed: ReadonlySet<string>,
): OutgoingHttpHeaders {
  // Vary on every answer: a cache must not hand one origin's answer to another
  if (!origin || !allowed.has(origin)) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': bytes.length,
  });
  res.end(bytes);
}

/** The CONTRACT B1 error shape for failures the adapter answers itself. */
function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: OutgoingHttpHeaders = {},
) {
  sendJson(res, status, { success: false, message, code }, headers);
}

function toFetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (HOP_BY_HOP.has(name.toLowerCase())) continue;
    headers.append(name, raw[i + 1]!);
  }
  return headers;
}

async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  extra: OutgoingHttpHeaders,
) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  res.writeHead(response.status, { ...headers, ...extra, 'content-length': body.length });
  res.end(body);
}

/**
 * A path segment that is not valid percent-encoding ("%ZZ", or "%E0%A4", which is no UTF-8) names
 * nothing the service holds, but the router throws on it while decoding. Its `%` signs are taken
 * literally ("%25"), so the segment decodes to the text as sent and the handlers answer it like
 * any other unknown store, cart or order (CONTRACT B1, B2), not with a 500. Only a real socket
 * brings such a path: the app builds every path with encodeURIComponent, which cannot make one.
 */
export function literalPercentSigns(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replace(/%/g, '%25');
      }
    })
    .join('/');
}

/**
 * A Node `request` listener that serves MSW handlers over a real socket: the same handlers the
 * browser worker and vitest use, so the Node server cannot drift from the in-browser service.
 */
export function createRequestListener({
  handlers,
  allowedOrigins = DEFAULT_ALLOWED_ORIGINS,
  maxBodyBytes = MAX_BODY_BYTES,
}: AdapterOptions) {
  const allowed = new Set(allowedOrigins);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = (req.method ?? 'GET').toUpperCase();
    const cors = corsHeaders(req.headers.origin, allowed);

    if (method === 'OPTIONS') {
      // Preflight. An origin that is not allowed gets no CORS headers, so the browser refuses.
      const headers: OutgoingHttpHeaders = { ...cors, 'content-length': 0 };
      if ('access-control-allow-origin' in cors) {
        headers['access-control-allow-methods'] = ALLOWED_METHODS;
        headers['access-control-allow-headers'] = ALLOWED_HEADERS;
        headers['access-control-max-age'] = PREFLIGHT_MAX_AGE_SECONDS;
      }
      res.writeHead(204, headers);
      res.end();
      return;
    }

    // A body over the limit is not read on: the handlers get one a byte over it in its place, so
    // they answer in the contract's order, as in the browser (the store, the credential and the
    // role before the body: B2's "before auth"), and refuse it with 413 where they read a body.
    // `Connection: close` on that answer: Node then ends the socket instead of reading (and
    // discarding) the rest of the upload to keep the connection alive.
    let body: Buffer<ArrayBuffer> | undefined;
    let oversized = false;
    if (method !== 'GET' && method !== 'HEAD') {
      const declared = Number(req.headers['content-length'] ?? '0');
      const result =
        Number.isFinite(declared) && declared > maxBodyBytes
          ? ({ kind: 'too-large' } as const)
          : await readLimitedBody(req, maxBodyBytes);
      oversized = result.kind === 'too-large';
      body =
        result.kind === 'ok'
          ? result.body
          : Buffer.alloc(Math.max(maxBodyBytes, MAX_BODY_BYTES) + 1, 0x20);
    }
    const answerHeaders: OutgoingHttpHeaders = oversized ? { ...cors, connection: 'close' } : cors;

    const url = requestUrl(req.url ?? '/');
    if (!url || !API_PATH.test(url.pathname) || UNCARRIED_METHODS.has(method)) {
      const path = url?.pathname ?? req.url ?? '/';
      sendError(res, 404, 'not_found', `Nothing answers ${method} ${path}.`, answerHeaders);
      return;
    }
    url.pathname = literalPercentSigns(url.pathname);
    const headers = toFetchHeaders(req);
    // the body the handlers get is not the one declared
    if (oversized) headers.delete('content-length');
    // HEAD is GET without the body (RFC 9110 9.3.2): the handlers answer GET, and Node sends no
    // body on an answer to HEAD, keeping GET's headers (Content-Length too)
    const request = new Request(url, { method: method === 'HEAD' ? 'GET' : method, headers, body });
    const response = await getResponse(handlers, request);

    if (!response) {
      // Not expected: paths outside the API prefix are answered above, and the handlers answer
      // every path and method under it (their last handler, with the same code and wording).
      sendError(res, 404, 'not_found', `Nothing answers ${method} ${url.pathname}.`, answerHeaders);
      return;
    }
    if (response.type === 'error') {
      // HttpResponse.error(): the fault controller's dropped connection
      res.destroy();
      return;
    }
    await sendFetchResponse(res, response, answerHeaders);
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      // only an answer already begun, or a connection already gone, cannot take the error: Node
      // marks a request whose body has been read as destroyed, so `req.destroyed` is no test
      // (and a pipelined answer has no `res.socket` until the one before it is done)
      if (res.headersSent || res.writableEnded || req.socket.destroyed) {
        res.destroy();
        return;
      }
      console.error('[storefront server] unexpected failure', error);
      sendError(
        res,
        500,
        'internal_error',
        'Something went wrong on our side. Try again.',
        corsHeaders(req.headers.origin, allowed),
      );
    });
  };
}

export function createApiServer(options: AdapterOptions): Server {
  return createServer(createRequestListener(options));
}
