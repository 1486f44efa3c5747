// Shared by start.mjs and test.mjs: install what is missing, build what is stale, run commands loudly.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** `npm ci` when node_modules is missing or was installed from another lockfile. */
export function ensureInstalled() {
  const lock = readFileSync(join(ROOT, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const marker = join(ROOT, 'node_modules', '.cardiomap-lock-hash');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) return;
  console.info('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  writeFileSync(marker, hash);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds the web app unless web/dist is newer than every source it is made from. */
export function ensureWebBuilt({ force = false } = {}) {
  const built = join(ROOT, 'web', 'dist', 'index.html');
  const sources = [
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'web/build-plugins',
    'web/public',
    'packages',
    'package-lock.json',
  ];
  const stale =
    force || !existsSync(built) || sources.some((s) => newestMtime(join(ROOT, s)) > statSync(built).mtimeMs);
  if (!stale) return;
  console.info('Building the web app…');
  run('npm', ['run', 'build', '-w', 'web']);
}
