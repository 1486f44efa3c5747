import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { CapturingMailer } from '../helpers/capturing-mailer.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('graceful shutdown', () => {
  // Opening the database belongs to setup: on a busy machine it alone can take most of a test's time.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('finishes in-flight requests before closing, and refuses new ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cm-shutdown-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: dataDir,
      PORT: '0',
      // The HTTP side is under test here; stopping the job workers has tests of its own.
      RUN_WORKERS: 'false',
    });
    const app = await buildApp({ config, database, mailer: new CapturingMailer(), logger: false });
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/api/slow-test/', async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 400));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const inFlight = fetch(`http://127.0.0.1:${port}/api/slow-test/`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      // Close only once the request is being handled: a fixed pause lost that race on a busy machine.
      await requestArrived;
      const closing = app.close();
      const result = await inFlight;
      await closing;
      expect(result).toEqual({ status: 200, body: { finished: true } });
      await expect(fetch(`http://127.0.0.1:${port}/api/health/`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
