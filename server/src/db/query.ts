import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client.ts';

/**
 * Runs a statement written with `$n` placeholders. The same SQL text serves a transaction (through
 * Drizzle) and, on the hot read paths, the pool with a named prepared statement.
 */
export type Query = <T>(text: string, params: readonly unknown[], name?: string) => Promise<T[]>;

/** `$n` text and its parameters as a Drizzle statement; arrays stay one parameter (`$1::uuid[]`). */
function toDrizzle(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}

/** Rows the same way on PGlite and node-postgres (both answer `{rows}`). */
export const queryOn =
  (db: DbOrTx): Query =>
  async <T>(text: string, params: readonly unknown[]) => {
    const result = (await db.execute(toDrizzle(text, params))) as unknown as { rows: T[] };
    return result.rows;
  };

/** Outside transactions: named statements are parsed and planned once per connection on PostgreSQL. */
export const queryOnPool =
  (database: Database): Query =>
  <T>(text: string, params: readonly unknown[], name?: string) =>
    database.query<T>(text, [...params], name ? { name } : undefined);

/** ISO 8601 of a timestamp column, whichever way the driver parsed it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * One page of a list and the count of all its rows: the count statement takes `params`, the rows
 * statement the same followed by LIMIT and OFFSET (the next two `$n`).
 */
export async function pageOfRows<T>(
  query: Query,
  statements: { count: string; rows: string },
  params: readonly unknown[],
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: T[] }> {
  const [{ count } = { count: 0 }] = await query<{ count: number }>(statements.count, params);
  const rows = await query<T>(statements.rows, [...params, window.limit, window.offset]);
  return { count, rows };
}
