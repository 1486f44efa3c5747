import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prefetchApp } from './build-plugins/prefetch-app.ts';

// The API runs on :8080 in development; the dev server proxies /api so the app is same-origin either way.
export default defineConfig({
  plugins: [react(), prefetchApp()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  // The MPR panes inflate volume slices in a module worker that imports shared code (stack-notes).
  worker: { format: 'es' },
});
