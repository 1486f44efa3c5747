import Fastify from 'fastify';
import { loggerOptions } from './plugins/logging.ts';
import mailPlugin from './plugins/mail.ts';
import mailOutboxPlugin from './plugins/mail-outbox.ts';
import metricsPlugin from './plugins/metrics.ts';
import queuePlugin from './plugins/queue.ts';
import storagePlugin from './plugins/storage.ts';
import { exitOnSignals, startProcess } from './process-start.ts';

/**
 * `npm run worker`: the job workers without the HTTP API, for scaled setups (architecture.md §1) where
 * API instances run with RUN_WORKERS=false. Same database, storage and queue settings as the API; the
 * same code runs the jobs.
 */
async function main(): Promise<void> {
  const started = await startProcess((loaded) => {
    if (!loaded.databaseUrl) {
      console.error(
        'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the API process, which runs the workers itself.',
      );
      process.exit(2);
    }
    return { ...loaded, runWorkers: true };
  });
  const { config, database } = started;

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
  exitOnSignals(app, started, 'worker shutting down');
}

void main();
