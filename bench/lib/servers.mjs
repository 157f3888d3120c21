// Builds and servers for the benchmark, on ports of its own (so it can run beside the e2e suite).
// Every server is started here, in a process group of its own, and stopped by that id.
import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './size.mjs';

export const PORTS = { demo: 4401, real: 4402, floor: 4403, api: 8801, scaleApi: 8803 };
export const ORIGIN = {
  demo: `http://localhost:${PORTS.demo}`,
  real: `http://localhost:${PORTS.real}`,
  floor: `http://localhost:${PORTS.floor}`,
};
export const API = `http://127.0.0.1:${PORTS.api}`;
export const SCALE_API = `http://127.0.0.1:${PORTS.scaleApi}`;

const bin = (name) => `${ROOT}/node_modules/.bin/${name}`;

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status})`);
}

/** The three builds, each into bench/out (ignored by git): floor, demo, real-backend. */
export function buildAll() {
  const vite = bin('vite');
  run(vite, ['build', '-c', 'bench/floor/vite.config.ts', '--logLevel', 'warn']);
  // VITE_API_BASE_URL empty: a demo build even if the caller's shell has one set
  run(vite, ['build', '--outDir', 'bench/out/demo', '--emptyOutDir', '--logLevel', 'warn'], {
    VITE_API_BASE_URL: '',
  });
  run(vite, ['build', '--outDir', 'bench/out/real', '--emptyOutDir', '--logLevel', 'warn'], {
    VITE_API_BASE_URL: API,
    VITE_API_KEY: 'demo-api-key',
  });
}

const started = [];

async function waitFor(url, child, name, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before ready`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} not ready at ${url} after ${timeoutMs} ms`);
}

async function start(name, cmd, args, env, readyUrl) {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true, // its own process group: tsx starts a child node, and both must stop
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  started.push({ name, child });
  try {
    await waitFor(readyUrl, child, name);
  } catch (error) {
    throw new Error(`${error.message}\n${stderr}`);
  }
}

export async function startServers({ scale = true } = {}) {
  const vite = bin('vite');
  const preview = (outDir, port) => [
    'preview',
    '--outDir',
    outDir,
    '--port',
    String(port),
    '--strictPort',
    '--host',
    'localhost',
  ];
  const cors = `${ORIGIN.real},http://127.0.0.1:${PORTS.real}`;
  const storefront = '/api/v1/demo-store/storefront/store/config';
  await Promise.all([
    start('demo preview', vite, preview('bench/out/demo', PORTS.demo), {}, ORIGIN.demo),
    start('real preview', vite, preview('bench/out/real', PORTS.real), {}, ORIGIN.real),
    start(
      'floor preview',
      vite,
      [
        'preview',
        '-c',
        'bench/floor/vite.config.ts',
        '--port',
        String(PORTS.floor),
        '--strictPort',
      ],
      {},
      ORIGIN.floor,
    ),
    start(
      'api',
      bin('tsx'),
      ['server/main.ts'],
      { PORT: String(PORTS.api), HOST: '127.0.0.1', CORS_ORIGINS: cors, EXTRA_LOCATIONS: '0' },
      API + storefront,
    ),
    scale &&
      start(
        'scale api',
        bin('tsx'),
        ['bench/api-server.ts'],
        { PORT: String(PORTS.scaleApi), CORS_ORIGINS: cors },
        SCALE_API + storefront,
      ),
  ]);
}

export function stopServers() {
  for (const { child } of started.splice(0)) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
