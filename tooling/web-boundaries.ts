import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The web app's layering rules that a package-name pattern cannot express: they depend on where the
// importing file lives and where a relative import lands.

export interface ImportRef {
  specifier: string;
  /** `import type` / `export type`: erased at build time, so it loads nothing at run time. */
  typeOnly: boolean;
}

const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module a source file names: static, side-effect only and dynamic imports, and re-exports. */
export function importsOf(source: string): ImportRef[] {
  return [
    ...[...source.matchAll(STATIC_IMPORT)].map((m) => ({ specifier: m[3] ?? '', typeOnly: Boolean(m[2]) })),
    ...[...source.matchAll(BARE_IMPORT)].map((m) => ({ specifier: m[1] ?? '', typeOnly: false })),
    ...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => ({ specifier: m[1] ?? '', typeOnly: false })),
  ];
}

const inside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..');
};

/** `web/src/app` composes the features (router, providers, guards); a feature that reached back would tie them in a knot. */
export function featureImportsOfApp(files: string[], webSrc: string): string[] {
  const features = resolve(webSrc, 'features');
  const app = resolve(webSrc, 'app');
  return files
    .filter((file) => inside(features, file))
    .flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter(({ specifier }) => specifier.startsWith('.') && inside(app, resolve(dirname(file), specifier)))
        .map(({ specifier }) => `${relative(webSrc, file)} imports ${specifier}: features never import app/`),
    );
}

/**
 * The viewer's engines (architecture §6, rule 7): Cornerstone3D, three.js and the upload transfer run
 * in controllers outside React, so they can be tested without a DOM and never re-render with it. The
 * folders below hold them beside their React bindings; in them, an engine file is every `.ts` file
 * except a hook (`use-*.ts`), a React context binding (`*-context.ts`), the folder's public `index.ts`
 * (which also exports its components) and tests. `viewer/session` holds the per-study session that
 * owns the engines and outlives a mount, so it speaks no React either.
 */
export const ENGINE_FOLDERS = [
  'features/viewer/mpr',
  'features/viewer/scene',
  'features/viewer/landmarks',
  'features/viewer/contour',
  'features/viewer/boot',
  'features/viewer/session',
  'features/upload/engine',
] as const;

export function isEngineFile(path: string, webSrc: string): boolean {
  const name = path.split(sep).pop() ?? '';
  if (
    !name.endsWith('.ts') ||
    name.startsWith('use-') ||
    name.endsWith('-context.ts') ||
    name === 'index.ts' ||
    name.endsWith('.test.ts')
  ) {
    return false;
  }
  return ENGINE_FOLDERS.some((folder) => inside(resolve(webSrc, folder), path));
}

const UI_FRAMEWORK = /^(react|react-dom|react-router)(\/|$)|^@(mui|emotion|tanstack)\//;

/**
 * An engine file names no UI framework package (not even for types: the engine's API must not speak
 * React), and loads no React code through a relative import: no component (`.tsx`) and no hook.
 */
export function engineFrameworkImports(files: string[], webSrc: string): string[] {
  return files
    .filter((file) => isEngineFile(file, webSrc))
    .flatMap((file) =>
      importsOf(readFileSync(file, 'utf8')).flatMap(({ specifier, typeOnly }) => {
        const where = relative(webSrc, file);
        if (UI_FRAMEWORK.test(specifier)) return [`${where} imports ${specifier}: engine files import no UI framework`];
        const loadsReactCode = /\.tsx$|(^|\/)use-[^/]*$|-context(\.ts)?$/.test(specifier);
        if (specifier.startsWith('.') && !typeOnly && loadsReactCode) {
          return [`${where} imports ${specifier}: engine files load no component or hook`];
        }
        return [];
      }),
    );
}

const API_CLIENT = /^\s*import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]([^'"]*\/api\/(?:index|http)\.ts)['"]/gm;
// A fetch of a route or an /api/ path; a signed storage URL (a mesh, a volume slice) is not the API.
const DIRECT_FETCH = /(?<![.\w])fetch\(\s*(routes\.|['"`]\/api\/)/;

/** A folder named `api` anywhere under web/src, web/src/api itself included. */
const inApiFolder = (path: string, webSrc: string) => relative(webSrc, path).split(sep).slice(0, -1).includes('api');

/**
 * Architecture §6: the server is called from `api/` folders only (a fetcher, its query key factory and
 * hook), so a component or engine never spells a route, and a key has one home to invalidate through.
 * Elsewhere a file imports no `call` or `buildUrl` from the api module and fetches no route or `/api/` path. Tests and
 * test fixtures are free to.
 */
export function apiCallsOutsideApi(files: string[], webSrc: string): string[] {
  return files
    .filter((file) => !/\.test\.tsx?$/.test(file) && !relative(webSrc, file).split(sep).includes('testing'))
    .filter((file) => !inApiFolder(file, webSrc))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const where = relative(webSrc, file);
      const clients = [...source.matchAll(API_CLIENT)].flatMap((m) =>
        (m[1] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name === 'call' || name === 'buildUrl'),
      );
      return [
        ...clients.map((name) => `${where} imports ${name}: API calls live in an api/ folder`),
        ...(DIRECT_FETCH.test(source) ? [`${where} calls fetch: API calls live in an api/ folder`] : []),
      ];
    });
}

/** The two helpers that may call msw's `http.*`: every other handler goes through them. */
export const MSW_HELPERS = ['testing/api-handler.ts', 'testing/storage-handler.ts'] as const;

const MSW_VALUE_IMPORT = /^\s*import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]msw['"]/gm;
const MSW_NAMESPACE = /^\s*import\s+\*\s+as\s+(\w+)\s+from\s*['"]msw['"]/gm;
const HTTP_CALL = /(?<![.\w])http\.(get|post|put|patch|delete|head|options|all)\(/;

/**
 * Architecture §9: web tests answer the API through `apiHandler(routes.x, …)`, whose method, path,
 * parameters and answer come from the contract's route table, and signed storage URLs through
 * `storageHandler`. A file that imports msw's `http` (under any name) or calls `http.<method>(` itself
 * names a free path string the contract does not check.
 */
export function directMswHandlers(files: string[], webSrc: string): string[] {
  return files
    .filter((file) => !MSW_HELPERS.some((helper) => relative(webSrc, file) === join(...helper.split('/'))))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const where = relative(webSrc, file);
      const importsHttp = [...source.matchAll(MSW_VALUE_IMPORT)].some((m) =>
        (m[1] ?? '').split(',').some((name) => /^http(\s+as\s+\w+)?$/.test(name.trim())),
      );
      const namespaces = [...source.matchAll(MSW_NAMESPACE)].map((m) => m[1] ?? '');
      const viaNamespace = namespaces.some((name) => new RegExp(`\\b${name}\\.http\\.`).test(source));
      return importsHttp || viaNamespace || HTTP_CALL.test(source)
        ? [`${where} calls msw's http.* directly: answer the API with apiHandler(routes.x, …)`]
        : [];
    });
}
