import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers build the same queries; the PGlite one is typed as node-postgres so one type serves all code. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  /**
   * Runs raw SQL and returns rows the same way on both drivers. A `name` makes it a prepared statement
   * on PostgreSQL (parsed and planned once per connection): for the statements every request runs.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: { name?: string }): Promise<T[]>;
  /**
   * Follows NOTIFY on a channel. `onReady` runs once listening (again after a reconnect); `onLost` when
   * the listening connection is gone, so notifications may be missed until the next `onReady`.
   * Answers the function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * pg-boss's database adapter: parameterised statements, or (without values) scripts of several
   * statements, which its migrations send and PGlite's extended protocol refuses.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Connections, for the metrics. PostgreSQL: node-postgres's pool counts. PGlite runs one connection in
   * the process and queues statements inside itself: total and max 1, nothing else to tell.
   */
  poolStats(): { total: number; max: number; idle?: number; waiting?: number };
  /** PGlite only: the whole cluster as a tarball, for `openPglite(…, { loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  onReady(): void;
  onLost(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const checkedChannel = (channel: string): string => {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
  return channel;
};

/** A dedicated connection that LISTENs, reconnecting with a pause after it is lost. */
function listenOnPostgres(url: string, channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      // Followed by 'end', which handles it.
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      handlers.onLost();
      // A failed reconnect schedules the next attempt itself (the catch below).
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${checkedChannel(channel)}`);
    } catch (error) {
      // The connection failed already: ending it is only tidying.
      await next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      throw error;
    }
    client = next;
    handlers.onReady();
  };
  // A failed first connect has already scheduled its retry and called onLost; start-up goes on.
  return connect()
    .catch(() => undefined)
    .then(() => async () => {
      stopped = true;
      const current = client;
      client = null;
      handlers.onLost();
      // Stopping: the listener is going away whatever end() answers.
      await current?.end().catch(() => undefined);
    });
}

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/** Any stable number: serialises migrations when several instances start at once. */
const MIGRATION_LOCK = 72_617_001;

/** Waiting for a connection (new or from the pool) longer than this fails the request with 503. */
export const DB_CONNECT_TIMEOUT_MS = 5_000;
/** The longest statement of a request; the server cancels it, the client gives up a little later. */
export const DB_STATEMENT_TIMEOUT_MS = 30_000;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // A hung or unreachable database must not hang requests: connecting, waiting for a pooled client and
  // each statement are bounded, and the errors they give are answered 503 (plugins/errors.ts). Ingest
  // and migrations run long statements on their own clients, not through these limits.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    query_timeout: DB_STATEMENT_TIMEOUT_MS + 5_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    url,
    async query(sql, params, options) {
      const res = await pool.query({ text: sql, values: params as unknown[], name: options?.name });
      return res.rows;
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async executeSql(text, values) {
      const res = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement script answers one result per statement.
      return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
    },
    close: () => pool.end(),
  };
}

/**
 * `dir` undefined gives an in-memory database (tests). PGlite (a WebAssembly PostgreSQL, ~45 MB once
 * loaded) is imported only here, so an instance on PostgreSQL never carries it.
 */
/**
 * `loadDataDir` starts from a dump (`dumpDataDir`) instead of running initdb: the test suite opens one
 * migrated snapshot per file, several times faster than a fresh cluster plus migrations.
 */
export async function openPglite(dir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the case list's fragment search (migration 0006), as on PostgreSQL.
  const client = new PGlite({ dataDir: dir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query(sql, params) {
      const res = await client.query(sql, params as unknown[]);
      return res.rows as never[];
    },
    async listen(channel, handlers) {
      // One process owns a PGlite database, so its notifications cannot be missed once subscribed.
      const unsubscribe = await client.listen(checkedChannel(channel), handlers.onNotify);
      handlers.onReady();
      return async () => {
        handlers.onLost();
        await unsubscribe();
      };
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    poolStats: () => ({ total: 1, max: 1 }),
    dumpDataDir: async () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(join(opts.dataDir, 'db'));
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // A session-level lock holds only on one connection, so migrate through a dedicated client.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end();
  }
}
