import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PERMISSIONS, ROLES } from '@cardiomap/domain';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { DatabaseStartError, openMigratedDatabase } from '../../src/db/open-migrated.ts';

/** The start main.ts and worker.ts share: open from the configuration, migrate, seed the reference data. */
describe('openMigratedDatabase', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-open-migrated-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const counts = async (database: Database) =>
    (
      await database.query<{ permissions: number; groups: number; migrations: number }>(
        `SELECT (SELECT count(*)::int FROM permissions) AS permissions,
                (SELECT count(*)::int FROM groups) AS groups,
                (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
      )
    )[0];

  it('opens the embedded database in DATA_DIR migrated and seeded, and opens it again unchanged', async () => {
    const first = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
    let before: Awaited<ReturnType<typeof counts>>;
    try {
      before = await counts(first);
      expect(before).toMatchObject({ permissions: ALL_PERMISSIONS.length, groups: ROLES.length });
      expect(before?.migrations).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    // The next start finds it as it left it: nothing migrated or seeded twice.
    const again = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(await counts(again)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('an unreachable database is one line without the password', async () => {
    const url = 'postgres://cardiomap:db-s3cret@127.0.0.1:1/cm';
    const error = await openMigratedDatabase({ databaseUrl: url, dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseStartError);
    const line = (error as Error).message;
    expect(line).toMatch(/^Cannot open postgres:\/\/cardiomap:\[hidden\]@127\.0\.0\.1:1\/cm: .*ECONNREFUSED/);
    expect(line).not.toContain('\n');
    expect(line).not.toContain('db-s3cret');
  });
});
