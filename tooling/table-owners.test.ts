import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWNERSHIP_EXCEPTIONS, TABLE_OWNERS } from '../server/src/db/schema/owners.ts';
import { schemaTables, serverTableWrites, type TableWrite, tablesWritten } from './table-writes.ts';

const SERVER_SRC = resolve(import.meta.dirname, '..', 'server', 'src');
const MODULES = readdirSync(join(SERVER_SRC, 'modules'));

type Owners = Readonly<Record<string, string>>;
type Exceptions = readonly { writer: string; table: string }[];

/** Writes neither the owner map nor a named exception allows, as "writer writes table (file)". */
function strayWrites(writes: readonly TableWrite[], owners: Owners, exceptions: Exceptions): string[] {
  const allowed = (w: TableWrite) =>
    owners[w.table] === w.writer || exceptions.some((e) => e.writer === w.writer && e.table === w.table);
  return writes.filter((w) => !allowed(w)).map((w) => `${w.writer} writes ${w.table} (${w.file})`);
}

describe('every table has one owning module (issue 29)', () => {
  const writes = serverTableWrites(SERVER_SRC);

  it('names an owner for every table of the schema, and every owner is a module', () => {
    const schemaDir = join(SERVER_SRC, 'db', 'schema');
    const sources = readdirSync(schemaDir).map((f) => readFileSync(join(schemaDir, f), 'utf8'));
    const tables = [...schemaTables(sources).values()].sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
    expect(Object.values(TABLE_OWNERS).filter((owner) => !MODULES.includes(owner))).toEqual([]);
  });

  it('a module writes only the tables it owns, besides the named exceptions', () => {
    expect(writes.length).toBeGreaterThan(50);
    expect(strayWrites(writes, TABLE_OWNERS, OWNERSHIP_EXCEPTIONS)).toEqual([]);
  });

  it('keeps no exception that no code needs any more', () => {
    const stale = OWNERSHIP_EXCEPTIONS.filter((e) => !writes.some((w) => w.writer === e.writer && w.table === e.table));
    expect(stale).toEqual([]);
  });

  it('finds SQL and Drizzle writes, and not reads, locks, upserts or prose', () => {
    const drizzle = new Map([
      ['orders', 'orders'],
      ['cases', 'cases'],
    ]);
    const planted = `
      /** One UPDATE of the given fields. */
      await query(sql\`UPDATE cases SET status = 1 WHERE id = \${id}\`);
      await query(sql\`SELECT id FROM input_data WHERE id = \${id} FOR UPDATE OF i\`);
      await query(sql\`INSERT INTO counters AS k (n) VALUES (1) ON CONFLICT (n) DO UPDATE SET n = k.n + 1\`);
      await tx.delete(orders).where(eq(orders.id, id));
      await db.select().from(cases);
    `;
    expect(tablesWritten(planted, drizzle)).toEqual(['cases', 'counters', 'orders']);
    const strays = strayWrites(
      [
        { writer: 'orders', table: 'cases', file: 'modules/orders/repository.ts' },
        { writer: 'cases', table: 'cases', file: 'modules/cases/repository.ts' },
        { writer: 'reports', table: 'jobs', file: 'modules/reports/repository.ts' },
      ],
      { cases: 'cases', jobs: 'jobs' },
      [{ writer: 'reports', table: 'jobs' }],
    );
    expect(strays).toEqual(['orders writes cases (modules/orders/repository.ts)']);
  });
});
