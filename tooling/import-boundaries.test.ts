import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineFrameworkImports, featureImportsOfApp, isEngineFile } from './web-boundaries.ts';

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

const WEB_SRC = join(ROOT, 'web', 'src');

/** Writes files (path → source) under a fresh folder laid out like web/src, and removes it afterwards. */
function withFakeWebSrc(files: Record<string, string>, check: (src: string, paths: string[]) => void): void {
  const src = mkdtempSync(join(tmpdir(), 'cm-web-src-'));
  try {
    const paths = Object.entries(files).map(([path, source]) => {
      const full = join(src, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, source);
      return full;
    });
    check(src, paths);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

describe('web: features never import app/', () => {
  it('holds for every file under web/src/features, tests included', () => {
    expect(featureImportsOfApp(sourceFiles(WEB_SRC), WEB_SRC)).toEqual([]);
  });

  it('reports a feature reaching into app/, and lets app/ import the features', () => {
    withFakeWebSrc(
      {
        'features/cases/list/bad.tsx': "import { useUser } from '../../../app/UserContext.ts';",
        'features/cases/good.ts':
          "import { useUser } from '../auth/index.ts';\nimport { call } from '../../api/index.ts';",
        'app/routes.tsx': "import { CaseListPage } from '../features/cases/index.ts';",
      },
      (src, paths) =>
        expect(featureImportsOfApp(paths, src)).toEqual([
          `${join('features', 'cases', 'list', 'bad.tsx')} imports ../../../app/UserContext.ts: features never import app/`,
        ]),
    );
  });
});

describe('web: viewer engine files import no UI framework', () => {
  it('holds for every engine file', () => {
    const files = sourceFiles(WEB_SRC);
    expect(files.filter((file) => isEngineFile(file, WEB_SRC)).length).toBeGreaterThan(40);
    expect(engineFrameworkImports(files, WEB_SRC)).toEqual([]);
  });

  it("counts the engines' .ts files, not their components, hooks, public index or tests", () => {
    const at = (path: string) => join(WEB_SRC, path);
    expect(isEngineFile(at('features/viewer/mpr/mpr-engine.ts'), WEB_SRC)).toBe(true);
    expect(isEngineFile(at('features/viewer/scene/scene-engine.ts'), WEB_SRC)).toBe(true);
    expect(isEngineFile(at('features/upload/engine/upload-engine.ts'), WEB_SRC)).toBe(true);
    expect(isEngineFile(at('features/viewer/mpr/MprPanes.tsx'), WEB_SRC)).toBe(false);
    expect(isEngineFile(at('features/viewer/mpr/use-mpr-engine.ts'), WEB_SRC)).toBe(false);
    expect(isEngineFile(at('features/viewer/mpr/index.ts'), WEB_SRC)).toBe(false);
    expect(isEngineFile(at('features/viewer/mpr/plane-camera.test.ts'), WEB_SRC)).toBe(false);
    expect(isEngineFile(at('features/viewer/ViewerWorkspace.tsx'), WEB_SRC)).toBe(false);
  });

  it('reports React, MUI and TanStack imports and value imports of components or hooks', () => {
    withFakeWebSrc(
      {
        'features/viewer/mpr/bad-engine.ts': [
          "import { useEffect } from 'react';",
          "import type { Theme } from '@mui/material';",
          "import { useQuery } from '@tanstack/react-query';",
          "import { MprPanes } from './MprPanes.tsx';",
          "import { useMprEngine } from './use-mpr-engine.ts';",
        ].join('\n'),
        'features/viewer/mpr/good-engine.ts': [
          "import type { MprPanesProps } from './MprPanes.tsx';",
          "import { createSnapshotStore } from './snapshot-store.ts';",
          "import * as THREE from 'three';",
        ].join('\n'),
        'features/viewer/mpr/use-mpr-engine.ts': "import { useEffect } from 'react';",
      },
      (src, paths) => {
        const bad = join('features', 'viewer', 'mpr', 'bad-engine.ts');
        expect(engineFrameworkImports(paths, src)).toEqual([
          `${bad} imports react: engine files import no UI framework`,
          `${bad} imports @mui/material: engine files import no UI framework`,
          `${bad} imports @tanstack/react-query: engine files import no UI framework`,
          `${bad} imports ./MprPanes.tsx: engine files load no component or hook`,
          `${bad} imports ./use-mpr-engine.ts: engine files load no component or hook`,
        ]);
      },
    );
  });
});
