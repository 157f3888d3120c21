/**
 * The demo storefront service over real HTTP (`npm run api`), for pointing the app or any HTTP
 * client at a running server. Environment:
 *   PORT (8787), HOST (127.0.0.1),
 *   CORS_ORIGINS  comma-separated origins allowed to call from a browser (default: the app's
 *                 dev and preview origins on localhost),
 *   EXTRA_LOCATIONS  synthetic locations appended to the demo store's list (scale demos).
 */
import { createNodeService } from '@/mocks/node';
import { DEFAULT_ALLOWED_ORIGINS, createApiServer } from './http-adapter';

/** A start-up mistake: one plain line on stderr, no stack trace, and a failing exit code. */
function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    exitWith(`${name} must be a whole number, got "${raw}".`);
  }
  return value;
}

const port = intFromEnv('PORT', 8787);
if (port > 65535) exitWith(`PORT must be a port number (0 to 65535), got ${port}.`);
const host = process.env.HOST?.trim() || '127.0.0.1';
const extraLocations = intFromEnv('EXTRA_LOCATIONS', 0);
const allowedOrigins =
  process.env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean) ?? DEFAULT_ALLOWED_ORIGINS;

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
  });
}
