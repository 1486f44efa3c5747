import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The repository's TypeScript import graph, read from the source text: enough for boundary and cycle
 * rules without a compiler. Every kind of import counts, type-only ones too: `import type` still ties
 * the two files' designs together, and a type cycle is the first step to a runtime one.
 */

export const ROOT = resolve(import.meta.dirname, '..');

export interface ImportEdge {
  /** Absolute path of the importing file. */
  from: string;
  /** Absolute path of the imported file, or undefined for a package outside the workspace. */
  to: string | undefined;
  /** The specifier as written (`'../db/query.ts'`, `'@cardiomap/domain'`). */
  specifier: string;
}

export type ImportGraph = Map<string, ImportEdge[]>;

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every TypeScript source under `dir` (declaration files too), skipping dependencies and build output. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry) ? [path] : [];
  });
}

/** Comments removed, so an example in a doc comment is not read as an import. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

// `import … from`, `export … from` (also `import type`, multi-line braces), `import 'x'`, `import('x')`.
const STATIC = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a source file imports, in order of appearance per kind. */
export function importSpecifiers(source: string): string[] {
  const text = withoutComments(source);
  return [STATIC, BARE, DYNAMIC].flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Workspace packages by name → their entry file (`exports['.']`), from `packages/*`. */
export function workspacePackages(root = ROOT): Map<string, string> {
  const packages = new Map<string, string>();
  const dir = join(root, 'packages');
  if (!existsSync(dir)) return packages;
  for (const name of readdirSync(dir)) {
    const manifestPath = join(dir, name, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; exports?: { '.'?: string } };
    const entry = manifest.exports?.['.'];
    if (entry) packages.set(manifest.name, join(dir, name, entry));
  }
  return packages;
}

function existingFile(path: string): string | undefined {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The file a specifier names: relative paths and workspace packages; undefined for other packages. */
export function resolveImport(from: string, specifier: string, packages: Map<string, string>): string | undefined {
  if (specifier.startsWith('.')) return existingFile(resolve(dirname(from), specifier));
  return packages.get(specifier);
}

/** The import graph of every source file under the given folders. */
export function readImportGraph(dirs: string[], packages = workspacePackages()): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(dir))) {
    const specifiers = importSpecifiers(readFileSync(file, 'utf8'));
    graph.set(
      file,
      specifiers.map((specifier) => ({ from: file, to: resolveImport(file, specifier, packages), specifier })),
    );
  }
  return graph;
}

/**
 * Each import cycle once, as the files around it starting from the smallest path (Tarjan's strongly
 * connected components; a component of several files holds at least one cycle, and a file importing
 * itself is one too). Only edges between files of the graph count.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  const targets = (file: string): string[] =>
    (graph.get(file) ?? []).flatMap((edge) => (edge.to && graph.has(edge.to) ? [edge.to] : []));

  // Iterative, so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; next: string[] }[] = [];
    const open = (file: string): void => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, next: targets(file) });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { file: string; next: string[] };
      const target = frame.next.shift();
      if (target !== undefined) {
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file) ?? 0, index.get(target) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file) ?? 0, low.get(frame.file) ?? 0));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const selfImport = component.length === 1 && targets(frame.file).includes(frame.file);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  }
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
