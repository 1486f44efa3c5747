import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.ts';

/**
 * Runs a statement and answers its rows, the same way on PGlite and node-postgres. Statements are
 * Drizzle `sql` templates (values bound as parameters); a `name` makes it a prepared statement on the
 * pool (parsed and planned once per connection on PostgreSQL), for the hot read paths.
 */
export type Query = <T>(statement: SQL, name?: string) => Promise<T[]>;

/** Inside a transaction (or on the database) through Drizzle; both drivers answer `{rows}`. */
export const queryOn =
  (db: DbOrTx): Query =>
  async <T>(statement: SQL) => {
    const result = (await db.execute(statement)) as unknown as { rows: T[] };
    return result.rows;
  };

const dialect = new PgDialect();

/** Outside transactions: named statements are parsed and planned once per connection on PostgreSQL. */
export const queryOnPool =
  (database: Database): Query =>
  <T>(statement: SQL, name?: string) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return database.query<T>(text, params, name ? { name } : undefined);
  };

/** ISO 8601 of a timestamp column, whichever way the driver parsed it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * One page of a list and the count of all its rows: `rows` is the statement without its window, which
 * is added as LIMIT and OFFSET.
 */
export async function pageOfRows<T>(
  query: Query,
  statements: { count: SQL; rows: SQL },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: T[] }> {
  const [{ count } = { count: 0 }] = await query<{ count: number }>(statements.count);
  const rows = await query<T>(sql`${statements.rows} LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { count, rows };
}
