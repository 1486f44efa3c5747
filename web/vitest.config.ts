import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Relative API paths resolve against this origin, as they do against the server in production.
    environmentOptions: { happyDOM: { url: 'http://localhost:8080/' } },
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // A page test types and waits through several renders: on a loaded 2-core CI machine that can take
    // far longer than vitest's 5 s default, which would fail tests that are right, only slow.
    testTimeout: 30_000,
  },
});
