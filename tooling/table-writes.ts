import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The SQL name of every Drizzle table in the schema files: `export const cases = pgTable('cases', …)`. */
export function schemaTables(schemaSources: readonly string[]): Map<string, string> {
  const tables = new Map<string, string>();
  for (const source of schemaSources) {
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*'([a-z0-9_]+)'/g)) {
      tables.set(match[1] ?? '', match[2] ?? '');
    }
  }
  return tables;
}

/**
 * The tables a source file writes: SQL text (`INSERT INTO t`, `UPDATE t`, `DELETE FROM t`, written in
 * capitals as every statement here is, so prose and `FOR UPDATE OF` do not count) and Drizzle calls
 * (`.insert(t)`, `.update(t)`, `.delete(t)` on a schema table).
 */
export function tablesWritten(text: string, drizzleTables: ReadonlyMap<string, string>): string[] {
  // Comments say "one UPDATE of …" in prose; only code counts.
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const written = new Set<string>();
  for (const match of source.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_][a-z0-9_]*)/g)) {
    written.add(match[1] ?? '');
  }
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g)) {
    const table = drizzleTables.get(match[1] ?? '');
    if (table) written.add(table);
  }
  return [...written].sort();
}

export interface TableWrite {
  /** The module folder under server/src/modules, or `jobs` for the job runtime under server/src/jobs. */
  writer: string;
  table: string;
  file: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry) && !/\.test\.ts$/.test(entry) ? [path] : [];
  });
}

/** Every table write of the server's modules and of its job runtime, by writer. */
export function serverTableWrites(serverSrc: string): TableWrite[] {
  const schemaDir = join(serverSrc, 'db', 'schema');
  const drizzleTables = schemaTables(sourceFiles(schemaDir).map((file) => readFileSync(file, 'utf8')));
  const writes: TableWrite[] = [];
  const scan = (dir: string, writerOf: (file: string) => string) => {
    for (const file of sourceFiles(dir)) {
      for (const table of tablesWritten(readFileSync(file, 'utf8'), drizzleTables)) {
        writes.push({ writer: writerOf(file), table, file: relative(serverSrc, file) });
      }
    }
  };
  const modules = join(serverSrc, 'modules');
  scan(modules, (file) => relative(modules, file).split(sep)[0] ?? '');
  scan(join(serverSrc, 'jobs'), () => 'jobs');
  return writes;
}
