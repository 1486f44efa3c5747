import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { databaseStartError } from './db/start-error.ts';
import { loggerOptions } from './plugins/logging.ts';
import mailPlugin from './plugins/mail.ts';
import mailOutboxPlugin from './plugins/mail-outbox.ts';
import metricsPlugin from './plugins/metrics.ts';
import queuePlugin from './plugins/queue.ts';
import storagePlugin from './plugins/storage.ts';
import { startTracing } from './telemetry/tracing.ts';

/**
 * `npm run worker`: the job workers without the HTTP API, for scaled setups (architecture.md §1) where
 * API instances run with RUN_WORKERS=false. Same database, storage and queue settings as the API; the
 * same code runs the jobs.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = { ...loadConfig(), runWorkers: true };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the API process, which runs the workers itself.',
    );
    process.exit(2);
  }
  const stopTracing = await startTracing();

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
    await runMigrations(database);
  } catch (error) {
    console.error(databaseStartError(error, config.databaseUrl));
    process.exit(1);
  }
  await seedReferenceData(database.db);

  const app = Fastify({ logger: loggerOptions(config) });
  app.decorate('config', config);
  app.decorate('database', database);
  await app.register(metricsPlugin);
  await app.register(storagePlugin);
  await app.register(mailPlugin);
  await app.register(queuePlugin);
  await app.register(mailOutboxPlugin);
  await app.ready();
  app.log.info('CardioMap worker running');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    await stopTracing?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
