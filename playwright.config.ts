import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { API_ORIGIN, API_PORT, DEMO_PORT, REAL_PORT } from './e2e/ports';

const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (p): p is string => !!p && existsSync(p),
);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices['Desktop Chrome'],
    trace: 'off',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'demo',
      testIgnore: /real-backend\//,
      use: { baseURL: `http://localhost:${DEMO_PORT}` },
    },
    {
      name: 'real-backend',
      testMatch: /real-backend\/.*\.spec\.ts/,
      use: { baseURL: `http://localhost:${REAL_PORT}` },
    },
  ],
  // every run builds and serves the code under test: a server already on one of these ports
  // fails the run instead of being tested in its place
  webServer: [
    {
      command: `node_modules/.bin/vite build --outDir dist && node_modules/.bin/vite preview --outDir dist --port ${DEMO_PORT} --strictPort`,
      url: `http://localhost:${DEMO_PORT}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: `node_modules/.bin/tsx server/main.ts`,
      env: {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        CORS_ORIGINS: `http://localhost:${REAL_PORT},http://127.0.0.1:${REAL_PORT}`,
      },
      url: `${API_ORIGIN}/api/v1/demo-store/storefront/store/config`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node_modules/.bin/vite build --outDir dist-real && node_modules/.bin/vite preview --outDir dist-real --port ${REAL_PORT} --strictPort`,
      env: { VITE_API_BASE_URL: API_ORIGIN, VITE_API_KEY: 'demo-api-key' },
      url: `http://localhost:${REAL_PORT}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
