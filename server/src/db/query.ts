import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.ts';

/**
 * Runs a statement and answers its rows, the same way on PGlite and node-postgres. Statements are
 * Drizzle `sql` templates (values bound as parameters); a `name` makes it a prepared statement on the
 * pool (parsed and planned once per connection on PostgreSQL), for the hot read paths.
 */
export interface Query {
  <T>(statement: SQL, name?: string): Promise<T[]>;
  /** `$n` text with its parameters: the older form, kept until every repository is on `sql` templates. */
  <T>(text: string, params: readonly unknown[], name?: string): Promise<T[]>;
}

/** `$n` text and its parameters as a Drizzle statement; arrays stay one parameter (`$1::uuid[]`). */
function toDrizzle(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}

const statementOf = (statement: SQL | string, params: unknown): SQL =>
  typeof statement === 'string' ? toDrizzle(statement, params as readonly unknown[]) : statement;

/** Inside a transaction (or on the database) through Drizzle; both drivers answer `{rows}`. */
export const queryOn = (db: DbOrTx): Query =>
  (async (statement: SQL | string, params?: readonly unknown[]) => {
    const result = (await db.execute(statementOf(statement, params))) as unknown as { rows: unknown[] };
    return result.rows;
  }) as Query;

const dialect = new PgDialect();

/** Outside transactions: named statements are parsed and planned once per connection on PostgreSQL. */
export const queryOnPool = (database: Database): Query =>
  ((statement: SQL | string, paramsOrName?: readonly unknown[] | string, maybeName?: string) => {
    const name = typeof statement === 'string' ? maybeName : (paramsOrName as string | undefined);
    const { sql: text, params } = dialect.sqlToQuery(statementOf(statement, paramsOrName));
    return database.query(text, params, name ? { name } : undefined);
  }) as Query;

/** ISO 8601 of a timestamp column, whichever way the driver parsed it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type Window = { limit: number; offset: number };

/**
 * One page of a list and the count of all its rows: `rows` is the statement without its window, which
 * is added as LIMIT and OFFSET. (The `$n` form: the rows statement takes LIMIT and OFFSET as its last
 * two parameters.)
 */
export async function pageOfRows<T>(
  query: Query,
  statements: { count: SQL; rows: SQL },
  window: Window,
): Promise<{ count: number; rows: T[] }>;
export async function pageOfRows<T>(
  query: Query,
  statements: { count: string; rows: string },
  params: readonly unknown[],
  window: Window,
): Promise<{ count: number; rows: T[] }>;
export async function pageOfRows<T>(
  query: Query,
  statements: { count: SQL | string; rows: SQL | string },
  paramsOrWindow: readonly unknown[] | Window,
  maybeWindow?: Window,
): Promise<{ count: number; rows: T[] }> {
  if (typeof statements.count === 'string' && typeof statements.rows === 'string') {
    const params = paramsOrWindow as readonly unknown[];
    const window = maybeWindow as Window;
    const [{ count } = { count: 0 }] = await query<{ count: number }>(statements.count, params);
    const rows = await query<T>(statements.rows, [...params, window.limit, window.offset]);
    return { count, rows };
  }
  const window = paramsOrWindow as Window;
  const [{ count } = { count: 0 }] = await query<{ count: number }>(statements.count as SQL);
  const rows = await query<T>(sql`${statements.rows as SQL} LIMIT ${window.limit} OFFSET ${window.offset}`);
  return { count, rows };
}
