/**
 * The storefront service over HTTP for the scale benchmark: `npm run api`'s server with
 * BENCH_LOCATIONS synthetic locations and a cart of BENCH_CART_LINES lines
 * (`cart_bench_<lines>`). Started and stopped by bench/run.mjs; PORT and CORS_ORIGINS as for
 * server/main.ts.
 */
import { createNodeService } from '@/mocks/node';
import { benchCart } from '@/mocks/service/seed';
import { createApiServer, parseAllowedOrigins } from '../server/http-adapter';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const port = num('PORT', 8803);
const lines = num('BENCH_CART_LINES', 500);
const { repo, handlers } = createNodeService({ extraLocations: num('BENCH_LOCATIONS', 5000) });
const state = repo.read();
repo.write({ ...state, carts: { ...state.carts, [`cart_bench_${lines}`]: benchCart(lines) } });

// read as server/main.ts reads it: a bad entry stops the start with one line naming it
const allowedOrigins = parseAllowedOrigins(process.env.CORS_ORIGINS ?? '');
const server = createApiServer({ handlers, allowedOrigins });
server.listen(port, '127.0.0.1', () => console.log(`bench API on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
  });
}
