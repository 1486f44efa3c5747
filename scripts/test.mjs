// `npm test`: every check a change must pass — lint, types, unit/API/component tests, the build, e2e.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, run } from './lib.mjs';

ensureInstalled();

console.info('\n▶ Lint and format (Biome)');
run('npx', ['biome', 'check', '.']);

console.info('\n▶ Types');
for (const project of ['.', 'packages/contract', 'packages/domain', 'server', 'web', 'e2e', 'bench']) {
  run('npx', ['tsc', '-p', join(project, 'tsconfig.json')]);
}

console.info(
  process.env.TEST_DATABASE_URL
    ? '\n▶ Unit, API (PGlite and PostgreSQL) and component tests'
    : '\n▶ Unit, API (PGlite; set TEST_DATABASE_URL to add PostgreSQL) and component tests',
);
run('npx', ['vitest', 'run']);

console.info('\n▶ End-to-end tests in Chromium against the production build');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureWebBuilt({ force: true });
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
