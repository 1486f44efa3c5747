import { buildApp } from './app.ts';
import { seedDemo } from './db/seed/demo.ts';
import { demoLoginLines } from './db/seed/demo-banner.ts';
import { seedDemoCases } from './db/seed/demo-cases.ts';
import { seedDemoImaging } from './db/seed/demo-imaging.ts';
import { exitOnSignals, startProcess } from './process-start.ts';

async function main(): Promise<void> {
  const started = await startProcess();
  const { config, database } = started;
  if (config.seedDemo) {
    await seedDemo(database.db, { password: config.demoPassword });
    await seedDemoCases(database.db);
  }

  const app = await buildApp({ config, database });
  if (config.seedDemo) await seedDemoImaging(app);
  exitOnSignals(app, started, 'shutting down');

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
    for (const line of demoLoginLines(config.demoPassword)) console.info(line);
  }
}

void main();
