import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Same vite, same React plugin and build target as the app; nothing else.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    outDir: fileURLToPath(new URL('../out/floor', import.meta.url)),
    emptyOutDir: true,
  },
});
