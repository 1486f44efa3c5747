import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Biome's noRestrictedImports guards the pure packages by package name; this test guards what a name
// pattern cannot see: a feature reaching into another feature's files instead of its public index.
const ROOT = resolve(import.meta.dirname, '..');
const FEATURES = join(ROOT, 'web', 'src', 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

function featureOf(path: string, features: string): string | undefined {
  const rel = relative(features, path);
  return rel.startsWith('..') ? undefined : rel.split(sep)[0];
}

function crossFeatureViolations(files: string[], features = FEATURES): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const own = featureOf(file, features);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      const other = featureOf(target, features);
      if (!other || other === own) continue;
      const rel = relative(join(features, other), target);
      // A feature's test fixtures (`testing/`) may serve other features' tests; production code never.
      const testFixture = /\.test\.tsx?$/.test(file) && rel.startsWith('testing/');
      if (!/^index(\.tsx?)?$/.test(rel) && !testFixture) problems.push(`${relative(ROOT, file)} imports ${match[1]}`);
    }
  }
  return problems;
}

describe('import boundaries', () => {
  it('features import each other only through their index file', () => {
    let files: string[] = [];
    try {
      files = sourceFiles(join(ROOT, 'web', 'src'));
    } catch {
      files = [];
    }
    expect(crossFeatureViolations(files)).toEqual([]);
  });

  it('reports a deep import into another feature, and allows the index and own files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-boundaries-'));
    const features = join(dir, 'features');
    mkdirSync(join(features, 'auth'), { recursive: true });
    mkdirSync(join(features, 'cases', 'list'), { recursive: true });
    writeFileSync(join(features, 'auth', 'index.ts'), "export * from './login-page.tsx';");
    writeFileSync(join(features, 'auth', 'login-page.tsx'), 'export const LoginPage = 1;');
    const bad = join(features, 'cases', 'list', 'bad.ts');
    writeFileSync(bad, "import { LoginPage } from '../../auth/login-page.tsx';");
    const good = join(features, 'cases', 'list', 'good.ts');
    writeFileSync(good, "import { LoginPage } from '../../auth/index.ts';\nimport { x } from '../shared.ts';");
    try {
      expect(crossFeatureViolations([bad, good], features)).toEqual([
        `${relative(ROOT, bad)} imports ../../auth/login-page.tsx`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
