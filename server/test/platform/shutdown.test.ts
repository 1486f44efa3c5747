import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { CapturingMailer } from '../helpers/capturing-mailer.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing, and refuses new ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cm-shutdown-'));
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: dataDir,
      PORT: '0',
    });
    const app = await buildApp({ config, database, mailer: new CapturingMailer(), logger: false });
    app.get('/api/slow-test/', async () => {
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
      await new Promise((r) => setTimeout(r, 100));
      const closing = app.close();
      const result = await inFlight;
      await closing;
      expect(result).toEqual({ status: 200, body: { finished: true } });
      await expect(fetch(`http://127.0.0.1:${port}/api/health/`)).rejects.toThrow();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
