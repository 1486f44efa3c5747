import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite, runMigrations } from '../db/client.ts';

/** Boots the app on a throw-away in-memory database just to read the generated OpenAPI document. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-openapi-'));
  const database = await openPglite(undefined);
  try {
    await runMigrations(database);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: dataDir });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
