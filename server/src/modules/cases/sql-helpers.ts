import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Rows of a raw statement, the same on PGlite and node-postgres (both answer `{rows}`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A uuid[] literal built from bound parameters; an empty list gives an empty array, never invalid SQL. */
export const uuidArray = (ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`ARRAY[]::uuid[]`
    : sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

/** ISO 8601 of a timestamp column, whichever way the driver parsed it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
