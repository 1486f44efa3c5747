import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { seedReferenceData } from '../../src/db/seed/reference.ts';
import type { Mailer } from '../../src/plugins/mail.ts';
import { CapturingMailer } from './capturing-mailer.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'test-demo-password-2026';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mail: CapturingMailer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo users (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Capture the app's log lines (at LOG_LEVEL, `silent` unless env sets it) instead of turning logs off. */
  logStream?: { write(line: string): void };
}

/** The real app on a fresh database of its own; mail is captured unless a mailer is given. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    WEB_DIST: join(dataDir, 'no-web'),
    // Tests that need the ingest worker turn it on; the others keep the process quiet.
    RUN_WORKERS: 'false',
    JOB_TEMP_DIR: join(dataDir, 'jobs'),
    ...options.env,
  });
  const database = await createTestDatabase();
  await seedReferenceData(database.db);
  if (options.seed !== false) await seedDemo(database.db, { password: TEST_PASSWORD });
  const mail = new CapturingMailer();
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? mail,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mail,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
