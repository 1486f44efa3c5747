import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

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
