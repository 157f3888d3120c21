import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { assertBuildEnv } from './scripts/build-env.ts';
import { codeSplitting } from './scripts/code-splitting.ts';
import { csp } from './scripts/csp.ts';
import { inlineCss } from './scripts/inline-css.ts';
import { routePreload } from './scripts/route-preload.ts';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  // a build that cannot reach its service stops here, naming the variable (scripts/build-env.ts)
  assertBuildEnv(env);
  return {
    // csp() last: its policy must come after every inline script the plugins before it put in
    plugins: [react(), tailwindcss(), routePreload({ env }), inlineCss(), csp()],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // msw -> tough-cookie -> tldts: the public suffix list, ~100 KB gzip the demo never uses
        // (docs/performance.md); only the browser bundle resolves through this
        tldts: fileURLToPath(new URL('./src/mocks/public-suffix.ts', import.meta.url)),
      },
    },
    preview: {
      port: 4173,
      strictPort: true,
      host: 'localhost',
      // what a `<meta>` policy cannot say: no other site may frame the app (a signed-in till
      // clicked through an invisible frame). Nothing on scripts here: a header is in force before
      // the page's inline scripts, and the page's own policy is its meta (scripts/csp.ts).
      headers: {
        'Content-Security-Policy': "frame-ancestors 'none'",
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
      },
    },
    // the manifest maps each route's module to its chunk and static imports (scripts/check-size.mjs)
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      // fewer, larger shared chunks: a screen's first paint waits on fewer requests
      rolldownOptions: { output: { codeSplitting } },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
      restoreMocks: true,
      testTimeout: 30_000,
    },
  };
});
