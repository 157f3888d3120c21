/**
 * The demo storefront service over real HTTP (`npm run api`), for pointing the app or any HTTP
 * client at a running server. Environment:
 *   PORT (8787), HOST (127.0.0.1),
 *   CORS_ORIGINS  comma-separated origins allowed to call from a browser (default: the app's
 *                 dev and preview origins on localhost),
 *   EXTRA_LOCATIONS  synthetic locations appended to the demo store's list (scale demos).
 */
import { createNodeService } from '@/mocks/node';
import { DEFAULT_ALLOWED_ORIGINS, createApiServer, parseAllowedOrigins } from './http-adapter';

/** How long a request under way may take to finish after SIGINT/SIGTERM before it is cut off. */
const SHUTDOWN_GRACE_MS = 5_000;

/** A start-up mistake: one plain line on stderr, no stack trace, and a failing exit code. */
function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  // digits only: Number() would also take "1e3", "0x1F90" or "8787.0"
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) {
    exitWith(`${name} must be a whole number, got "${raw}".`);
  }
  return value;
}

const port = intFromEnv('PORT', 8787);
if (port > 65535) exitWith(`PORT must be a port number (0 to 65535), got ${port}.`);
const host = process.env.HOST?.trim() || '127.0.0.1';
const extraLocations = intFromEnv('EXTRA_LOCATIONS', 0);
function originsFromEnv(): readonly string[] {
  const raw = process.env.CORS_ORIGINS;
  if (raw === undefined) return DEFAULT_ALLOWED_ORIGINS;
  try {
    return parseAllowedOrigins(raw);
  } catch (error) {
    exitWith((error as Error).message);
  }
}
const allowedOrigins = originsFromEnv();

// Return numbers start from the start time in milliseconds (RET-1767225600001...): the data
// lives in memory, so a browser that kept returns from an earlier run never sees a number again.
const { handlers } = createNodeService({ extraLocations, returnNumbersAfter: Date.now });
const server = createApiServer({ handlers, allowedOrigins });

server.once('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    exitWith(
      `Port ${port} on ${host} is already in use (another \`npm run api\`?). Stop that process, ` +
        `or choose another port: PORT=${port + 1} npm run api`,
    );
  }
  // a HOST that does not resolve: ENOTFOUND, or EAI_AGAIN where name lookup itself fails (no DNS)
  if (['EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? '')) {
    exitWith(`Cannot listen on ${host}:${port} (${error.code}). Check HOST and PORT.`);
  }
  throw error;
});

server.listen(port, host, () => {
  const address = server.address();
  // PORT=0 picks a free port: report the one actually bound
  const bound = typeof address === 'object' && address ? address.port : port;
  console.log(`Storefront demo service: http://${host}:${bound}/api/v1/demo-store/storefront`);
  console.log(`CORS origins: ${allowedOrigins.join(', ') || '(none)'}`);
});

// Graceful: stop taking connections, close the idle ones, let requests under way finish (their
// connections closed as each goes idle), and cut off what is left after SHUTDOWN_GRACE_MS. A
// second signal has Node's default effect: the process ends at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`Stopping: requests under way get ${SHUTDOWN_GRACE_MS / 1000} s to finish.`);
    server.close();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    idle.unref();
    deadline.unref();
    server.once('close', () => {
      clearInterval(idle);
      clearTimeout(deadline);
    });
  });
}
