import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres, runMigrations } from '../../src/db/client.ts';

/** Set by the vitest project: 'postgres' runs the same suite against TEST_DATABASE_URL. */
export const TEST_DB_KIND = process.env.CM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/**
 * The migrated template every PostgreSQL test database is cloned from. CM_TEST_TEMPLATE_DB gives a
 * run its own, so two checkouts can run the PostgreSQL project at once without rebuilding each
 * other's template mid-run.
 */
export const TEMPLATE_DB = templateName(process.env.CM_TEST_TEMPLATE_DB);

function templateName(fromEnv: string | undefined): string {
  if (!fromEnv) return 'cardiomap_test_template';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(fromEnv)) throw new Error('CM_TEST_TEMPLATE_DB must be a plain lower-case name');
  return fromEnv;
}

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the dump global setup
 * migrated once, or on PostgreSQL a clone of the template database global setup migrated once (fast,
 * and isolated without resets).
 */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') {
    const templatePath = inject('pgliteTemplatePath');
    if (templatePath) return openPglite(undefined, { loadDataDir: new Blob([readFileSync(templatePath)]) });
    const database = await openPglite(undefined);
    await runMigrations(database);
    return database;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('CM_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `cardiomap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(urlFor(base, name), 5);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  return database;
}

/** Global setup for the PostgreSQL project: (re)build the migrated template once per run. */
export async function prepareTemplateDatabase(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openPostgres(urlFor(base, TEMPLATE_DB), 1);
  try {
    await runMigrations(template);
  } finally {
    await template.close();
  }
}
