import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 18490);
/** Earlier runs' data folders (hundreds of MB each) go once they are surely not in use any more. */
function removeOldDataFolders(maxAgeMs = 6 * 60 * 60 * 1000): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('cardiomap-e2e-')) continue;
    const folder = join(tmpdir(), name);
    const age = Date.now() - statSync(folder).mtimeMs;
    if (age > maxAgeMs) rmSync(folder, { recursive: true, force: true });
  }
}
// Workers re-read this file: the environment carries one fresh data folder to all of them.
if (!process.env.CARDIOMAP_E2E_DATA) {
  removeOldDataFolders();
  process.env.CARDIOMAP_E2E_DATA = mkdtempSync(join(tmpdir(), 'cardiomap-e2e-'));
}
export const E2E_DATA_DIR = process.env.CARDIOMAP_E2E_DATA;
/** The server's TEST_HOOKS_TOKEN for this run: lets support code approve a registration (no admin screen yet). */
process.env.CARDIOMAP_E2E_HOOKS_TOKEN ??= randomBytes(24).toString('hex');
export const E2E_HOOKS_TOKEN = process.env.CARDIOMAP_E2E_HOOKS_TOKEN;
const portalPort = port + 1;
/** The stand-in hospital portal (support/portal-server.mjs), allowed to embed the app. */
export const ALLOWED_PARENT = `http://127.0.0.1:${portalPort}`;
/** The same server under another host name: another origin, not allowed to hand over tokens. */
export const FOREIGN_ORIGIN = `http://localhost:${portalPort}`;

/**
 * The production build served by the real server in embedded mode (PGlite, local storage, outbox mail),
 * driven with Debian's Chromium; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/portal-server.mjs',
      cwd: root,
      url: `${ALLOWED_PARENT}/health`,
      reuseExistingServer: false,
      env: { PORTAL_PORT: String(portalPort) },
    },
    {
      // The server serves web/dist: built first if the sources changed since (npm test always builds it).
      command: 'node scripts/ensure-web-built.mjs && node --import tsx server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        EMBED_ORIGINS: ALLOWED_PARENT,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        TEST_HOOKS_TOKEN: E2E_HOOKS_TOKEN,
      },
    },
  ],
});
