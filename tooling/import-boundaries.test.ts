import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as importGraph from './import-graph.ts';
import {
  apiCallsOutsideApi,
  directMswHandlers,
  engineFrameworkImports,
  featureImportsOfApp,
  isEngineFile,
} from './web-boundaries.ts';

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
    expect(isEngineFile(at('features/viewer/session/viewer-session.ts'), WEB_SRC)).toBe(true);
    expect(isEngineFile(at('features/viewer/session/viewer-session-context.ts'), WEB_SRC)).toBe(false);
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

describe('web: the API is called from api/ folders only', () => {
  it('holds for every file under web/src', () => {
    expect(apiCallsOutsideApi(sourceFiles(WEB_SRC), WEB_SRC)).toEqual([]);
  });

  it('reports call, buildUrl and fetch outside api/, and allows api/ folders, tests and fixtures', () => {
    withFakeWebSrc(
      {
        'features/settings/SessionList.tsx': "import { call, tokenStore } from '../../api/index.ts';",
        'features/auth/session.ts': "await fetch('/api/logout/');\nawait query.refetch();",
        'features/jobs/JobCard.tsx': "import { buildUrl } from '../../api/http.ts';",
        'features/viewer/scene/load-mesh.ts': 'const response = await fetch(url, { signal });',
        'features/cases/logout.ts': 'await fetch(routes.logout.path);',
        'features/jobs/use-jobs.ts':
          "import type { CallOptions } from '../../api/index.ts';\nconst x = query.refetch();",
        'features/settings/api/sessions.ts': "import { call } from '../../../api/index.ts';\nfetch('/x');",
        'api/http.ts': "await fetch('/api/x');",
        'features/settings/SessionList.test.tsx': "import { call } from '../../api/index.ts';",
        'testing/server.ts': "await fetch('/api/x');",
      },
      (src, paths) =>
        expect(apiCallsOutsideApi(paths, src)).toEqual([
          `${join('features', 'settings', 'SessionList.tsx')} imports call: API calls live in an api/ folder`,
          `${join('features', 'auth', 'session.ts')} calls fetch: API calls live in an api/ folder`,
          `${join('features', 'jobs', 'JobCard.tsx')} imports buildUrl: API calls live in an api/ folder`,
          `${join('features', 'cases', 'logout.ts')} calls fetch: API calls live in an api/ folder`,
        ]),
    );
  });
});

describe('web: MSW handlers are typed from the route table', () => {
  it('no web file outside the two helpers calls msw http.* itself', () => {
    expect(directMswHandlers(sourceFiles(WEB_SRC), WEB_SRC)).toEqual([]);
  });

  it('reports http imported from msw, a namespace http and a bare http call, and allows the helpers', () => {
    withFakeWebSrc(
      {
        'features/cases/CaseList.test.tsx': "import { HttpResponse, http } from 'msw';\nhttp.get('*/api/cases/', f);",
        'features/jobs/jobs.test.ts': "import { http as h } from 'msw';\nh.get('*/api/jobs/', f);",
        'features/docs/docs.test.tsx': "import * as msw from 'msw';\nmsw.http.get('*/api/pages/docs/', f);",
        'features/audit/audit.test.tsx': "const handler = http.post('*/api/audit/', f);",
        'features/cases/testing/handlers.ts':
          "import { HttpResponse } from 'msw';\nimport { apiHandler } from '../../../testing/api-handler.ts';\napiHandler(routes.cases, f);",
        'features/cases/links.ts': "const next = 'http://localhost/api/cases/?page=2';",
        'testing/api-handler.ts': "import { http } from 'msw';\nconst METHODS = { GET: http.get };",
        'testing/storage-handler.ts': "import { http } from 'msw';\nhttp.put(url, resolver);",
      },
      (src, paths) =>
        expect(directMswHandlers(paths, src)).toEqual(
          [
            join('features', 'cases', 'CaseList.test.tsx'),
            join('features', 'jobs', 'jobs.test.ts'),
            join('features', 'docs', 'docs.test.tsx'),
            join('features', 'audit', 'audit.test.tsx'),
          ].map((file) => `${file} calls msw's http.* directly: answer the API with apiHandler(routes.x, …)`),
        ),
    );
  });
});

// Server rules. A module's files behind its index.ts are its own business; everything else in the
// repository goes through the index, so a module can be reorganised without breaking its neighbours.
const SERVER = join(ROOT, 'server');

/** `area` of a path under `modules/<area>/`, or undefined when outside the modules. */
function moduleOf(path: string, modules: string): string | undefined {
  const rel = relative(modules, path);
  return rel.startsWith('..') ? undefined : rel.split(sep)[0];
}

/**
 * Imports of a module's inner files from outside that module. A module's own tests (under
 * `server/test/<area>/`) may reach its inner files: they test its units.
 */
function moduleBoundaryViolations(graph: importGraph.ImportGraph, server = SERVER): string[] {
  const modules = join(server, 'src', 'modules');
  const tests = join(server, 'test');
  const problems: string[] = [];
  for (const edges of graph.values()) {
    for (const { from, to, specifier } of edges) {
      const area = to && moduleOf(to, modules);
      if (!to || !area || relative(join(modules, area), to) === 'index.ts') continue;
      if (moduleOf(from, modules) === area || moduleOf(from, tests) === area) continue;
      problems.push(`${relative(ROOT, from)} imports ${specifier}`);
    }
  }
  return problems.sort();
}

/**
 * Imports of the job runtime (`server/src/jobs/`) from the modules. "jobs" means one thing (issue 29): the
 * runtime runs what `modules/jobs` queues and imports it (the job registry, enqueueing), never the reverse,
 * so a module never depends on how its jobs are run.
 */
function modulesImportingRuntime(graph: importGraph.ImportGraph, server = SERVER): string[] {
  const modules = join(server, 'src', 'modules');
  const runtime = join(server, 'src', 'jobs');
  const inside = (path: string, dir: string) => !relative(dir, path).startsWith('..');
  const problems: string[] = [];
  for (const edges of graph.values()) {
    for (const { from, to, specifier } of edges) {
      if (!to || !inside(from, modules) || !inside(to, runtime)) continue;
      problems.push(`${relative(ROOT, from)} imports ${specifier}: modules never import the job runtime`);
    }
  }
  return problems.sort();
}

const relativeCycles = (graph: importGraph.ImportGraph, base = ROOT): string[][] =>
  importGraph.findCycles(graph).map((cycle) => cycle.map((file) => relative(base, file)));

function withFixture(files: Record<string, string>, check: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'cm-graph-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('server module boundaries', () => {
  it('server modules are imported from outside their folder only through their index.ts', () => {
    const graph = importGraph.readImportGraph([SERVER, join(ROOT, 'bench'), join(ROOT, 'scripts'), join(ROOT, 'e2e')]);
    expect(graph.size).toBeGreaterThan(100);
    expect(moduleBoundaryViolations(graph)).toEqual([]);
  });

  it('reports a deep import from another module or from outside, and allows the index, own files and own tests', () => {
    withFixture(
      {
        'server/src/modules/cases/index.ts': "export { findCase } from './repository.ts';",
        'server/src/modules/cases/repository.ts': "import { rows } from '../../db/query.ts';",
        'server/src/modules/orders/service.ts':
          "import { findCase } from '../cases/index.ts';\nimport type { CaseRow } from '../cases/repository.ts';",
        'server/src/jobs/run.ts': "const cases = await import('../modules/cases/repository.ts');",
        'server/src/db/query.ts': 'export const rows = 1;',
        'server/test/cases/repository.test.ts': "import { findCase } from '../../src/modules/cases/repository.ts';",
        'server/test/orders/orders.test.ts': "import { findCase } from '../../src/modules/cases/repository.ts';",
      },
      (dir) => {
        const server = join(dir, 'server');
        const problems = moduleBoundaryViolations(importGraph.readImportGraph([server], new Map()), server);
        expect(problems.map((problem) => problem.replace(`${relative(ROOT, dir)}/`, ''))).toEqual([
          'server/src/jobs/run.ts imports ../modules/cases/repository.ts',
          'server/src/modules/orders/service.ts imports ../cases/repository.ts',
          'server/test/orders/orders.test.ts imports ../../src/modules/cases/repository.ts',
        ]);
      },
    );
  });
});

describe('the job runtime and the modules', () => {
  it('no file under server/src/modules imports server/src/jobs', () => {
    const graph = importGraph.readImportGraph([join(SERVER, 'src')]);
    expect(graph.size).toBeGreaterThan(100);
    expect(modulesImportingRuntime(graph)).toEqual([]);
  });

  it('reports a module importing the runtime, type-only and dynamic imports too, and lets the runtime import modules', () => {
    withFixture(
      {
        'server/src/modules/jobs/index.ts': "export { insertJob } from './repository.ts';",
        'server/src/modules/jobs/repository.ts': "import type { ClaimedRun } from '../../jobs/runs-repository.ts';",
        'server/src/modules/uploads/service.ts':
          "const { sweep } = await import('../../jobs/workers.ts');\nimport { insertJob } from '../jobs/index.ts';",
        'server/src/jobs/runs-repository.ts': "import type { JobParams } from '../modules/jobs/index.ts';",
        'server/src/jobs/workers.ts': "import { insertJob } from '../modules/jobs/index.ts';",
      },
      (dir) => {
        const server = join(dir, 'server');
        const problems = modulesImportingRuntime(importGraph.readImportGraph([server], new Map()), server);
        expect(problems.map((problem) => problem.replace(`${relative(ROOT, dir)}/`, ''))).toEqual([
          'server/src/modules/jobs/repository.ts imports ../../jobs/runs-repository.ts: modules never import the job runtime',
          'server/src/modules/uploads/service.ts imports ../../jobs/workers.ts: modules never import the job runtime',
        ]);
      },
    );
  });
});

describe('import cycles', () => {
  it('server/src and packages/* have none', () => {
    const graph = importGraph.readImportGraph([join(SERVER, 'src'), join(ROOT, 'packages')]);
    expect(graph.size).toBeGreaterThan(100);
    expect(relativeCycles(graph)).toEqual([]);
  });

  it('web/src has none, type-only imports included', () => {
    const graph = importGraph.readImportGraph([WEB_SRC, join(ROOT, 'packages')]);
    expect(graph.size).toBeGreaterThan(500);
    expect(relativeCycles(graph)).toEqual([]);
  });

  it('finds a cycle through a type-only import and a workspace package, and reports each cycle once', () => {
    withFixture(
      {
        'packages/domain/package.json': JSON.stringify({ name: '@x/domain', exports: { '.': './src/index.ts' } }),
        'packages/domain/src/index.ts': "export * from './rules.ts';",
        'packages/domain/src/rules.ts': "import { run } from '../../../server/src/runner.ts';",
        'server/src/runner.ts': "import type { Rule } from '@x/domain';\nimport { a } from './a.ts';",
        'server/src/a.ts': "// import { b } from './b.ts';\nimport { c } from './c';",
        'server/src/c.ts': "export { a } from './a.ts';",
        'server/src/b.ts': "import { a } from './a.ts';",
        'server/src/self.ts': "export * from './self.ts';",
      },
      (dir) => {
        const graph = importGraph.readImportGraph(
          [join(dir, 'server'), join(dir, 'packages')],
          importGraph.workspacePackages(dir),
        );
        expect(relativeCycles(graph, dir)).toEqual([
          ['packages/domain/src/index.ts', 'packages/domain/src/rules.ts', 'server/src/runner.ts'],
          ['server/src/a.ts', 'server/src/c.ts'],
          ['server/src/self.ts'],
        ]);
      },
    );
  });
});
