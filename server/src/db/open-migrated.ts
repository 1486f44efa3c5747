import type { Config } from '../config.ts';
import { type Database, openDatabase, runMigrations } from './client.ts';
import { seedReferenceData } from './seed/reference.ts';
import { databaseStartError } from './start-error.ts';

/** The database could not be opened or migrated at start: the message is the one line to print. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/**
 * What every process on the database does first (main.ts, worker.ts): open it from the configuration,
 * bring its schema up to date (serialised when several instances start at once) and seed the reference
 * data. A database that cannot be opened or migrated throws a DatabaseStartError whose message is one
 * line without the password, instead of a stack trace that may quote the connection string.
 */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await runMigrations(database);
  } catch (error) {
    // The migration's error is the one to report; a failed close adds nothing.
    await database?.close().catch(() => undefined);
    throw new DatabaseStartError(databaseStartError(error, config.databaseUrl), { cause: error });
  }
  await seedReferenceData(database.db);
  return database;
}
