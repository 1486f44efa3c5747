import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProjectConfiguration } from 'vitest/config';

/** Test files under `dir` (relative to `root`) that replace modules with vi.mock. */
function filesThatMockModules(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (/\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))) found.push(relative(root, path));
  }
  return found.sort();
}

/**
 * The web suite in two projects. Most files share one module graph per worker (isolate: false): each
 * file otherwise imports React, MUI and the app afresh, which was most of the suite's time on 2 cores
 * (web tests 452 s isolated, 326 s shared, same machine and load). Files that replace modules with
 * vi.mock need a graph of their own, so they run isolated; the list is read from the files, so a new
 * such test goes there by itself. Per-test state (tokens, storage, cookies, MSW handlers, mocks, stubbed
 * globals) is reset between tests by setup.ts and the config either way.
 */
export function webProjects(root: string): TestProjectConfiguration[] {
  const mocking = filesThatMockModules(root, 'src');
  const base = { extends: join(root, 'vitest.config.ts'), root };
  return [
    { ...base, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false } },
    { ...base, test: { name: 'web-isolated', include: mocking } },
  ];
}
