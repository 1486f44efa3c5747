import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { DEMO_LOGINS, seedDemo } from './db/seed/demo.ts';
import { seedDemoCases } from './db/seed/demo-cases.ts';
import { seedDemoImaging } from './db/seed/demo-imaging.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { databaseStartError } from './db/start-error.ts';
import { startTracing } from './telemetry/tracing.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  // Before the Fastify instance exists: the SDK attaches its instrumentation when it is created.
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
  if (config.seedDemo) {
    await seedDemo(database.db, { password: config.demoPassword });
    await seedDemoCases(database.db);
  }

  const app = await buildApp({ config, database });
  if (config.seedDemo) await seedDemoImaging(app);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      await stopTracing?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`Port ${config.port} is already in use: set PORT to a free port.`);
    else console.error(error);
    await database.close();
    process.exit(1);
  }

  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}/db`;
  console.info(`\nCardioMap is running on ${url} (database: ${storage})`);
  if (config.seedDemo) {
    console.info(`Demo logins (password: ${config.demoPassword}):`);
    for (const login of DEMO_LOGINS) console.info(`  ${login.email.padEnd(42)} ${login.note}`);
  }
}

void main();
