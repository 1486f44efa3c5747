import { ALL_PERMISSIONS, ROLES } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { DEMO_ORGANISATIONS, DEMO_USERS, demoEmail, seedDemo } from '../../src/db/seed/demo.ts';
import { seedReferenceData } from '../../src/db/seed/reference.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const count = async (database: Database, table: string) =>
  Number((await database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

describe('seeds', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('are idempotent: a second start adds nothing', async () => {
    for (let run = 0; run < 2; run += 1) {
      await seedReferenceData(database.db);
      await seedDemo(database.db, { password: 'first-demo-password-1' });
    }
    expect(await count(database, 'permissions')).toBe(ALL_PERMISSIONS.length);
    expect(await count(database, 'groups')).toBe(ROLES.length);
    expect(await count(database, 'users')).toBe(DEMO_USERS.length);
    expect(await count(database, 'organisations')).toBe(DEMO_ORGANISATIONS.length);
  });

  it('puts one demo user in every role, each named after it', async () => {
    const rows = await database.query<{ email: string; name: string }>(
      `SELECT u.email, g.name FROM users u JOIN group_memberships m ON m.user_id = u.id JOIN groups g ON g.id = m.group_id`,
    );
    for (const role of ROLES) {
      expect(
        rows.some((r) => r.name === role && r.email === demoEmail(role)),
        role,
      ).toBe(true);
    }
  });

  it('makes every demo password follow DEMO_PASSWORD when it changes', async () => {
    await seedDemo(database.db, { password: 'second-demo-password-2' });
    const rows = await database.query<{ password_hash: string }>('SELECT password_hash FROM users');
    for (const row of rows) expect(await verifyPassword(row.password_hash, 'second-demo-password-2')).toBe(true);
  });

  it('brings group permissions back to the matrix of packages/domain', async () => {
    await database.query(
      `DELETE FROM group_permissions WHERE group_id = (SELECT id FROM groups WHERE name = 'Physician')`,
    );
    await database.query(
      `INSERT INTO group_permissions SELECT g.id, p.id FROM groups g, permissions p
       WHERE g.name = 'TemplateManager' AND p.codename = 'jobs.terminate_job'`,
    );
    await seedReferenceData(database.db);
    const perms = async (group: string) =>
      (
        await database.query<{ codename: string }>(
          `SELECT p.codename FROM group_permissions gp JOIN permissions p ON p.id = gp.permission_id
           JOIN groups g ON g.id = gp.group_id WHERE g.name = $1`,
          [group],
        )
      ).map((r) => r.codename);
    expect(await perms('Physician')).toContain('cases.add_heartguidecase');
    expect(await perms('TemplateManager')).not.toContain('jobs.terminate_job');
  });
});
