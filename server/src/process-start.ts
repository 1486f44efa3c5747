import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { DatabaseStartError, openMigratedDatabase } from './db/open-migrated.ts';
import { startTracing } from './telemetry/tracing.ts';

export interface StartedProcess {
  config: Config;
  database: Database;
  stopTracing: (() => Promise<void>) | undefined;
}

/**
 * The start shared by the API (main.ts) and the worker (worker.ts): the configuration, tracing, and the
 * migrated database. A wrong setting exits with 2 and a database that cannot be opened with 1, each
 * after one line that says why. `prepare` adjusts or checks the configuration before anything starts.
 */
export async function startProcess(prepare: (config: Config) => Config = (config) => config): Promise<StartedProcess> {
  let config: Config;
  try {
    config = prepare(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  // Before the Fastify instance exists: the SDK attaches its instrumentation when it is created.
  const stopTracing = await startTracing();

  try {
    return { config, database: await openMigratedDatabase(config), stopTracing };
  } catch (error) {
    if (!(error instanceof DatabaseStartError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting, let in-flight work finish, then close the
 * database and flush the traces; forced out after 15 s.
 */
export function exitOnSignals(app: FastifyInstance, started: StartedProcess, message: string): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, message);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await started.database.close();
      await started.stopTracing?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
