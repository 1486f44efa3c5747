import { bearer, getAs, signIn } from '../helpers/auth.ts';
import type { TestApp } from '../helpers/test-app.ts';

export const PASSWORD = 'Correct-Horse-Battery-Staple-2026';
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The seeded administrators and lookups the user-administration tests act with. */
export interface AdminWorld {
  superuser: string;
  /** Customer Support: the five administrator permissions, not superuser. */
  support: string;
  supportId: string;
  physician: string;
  /** Organisation ids by code. */
  org: Record<string, string>;
  /** Role ids by name. */
  groupId: Record<string, number>;
  /** Two device ids, in name order. */
  devices: [string, string];
}

export async function adminWorld(t: TestApp): Promise<AdminWorld> {
  const support = (await signIn(t, 'customer-support@cardiomap.test')).access;
  const orgs = await t.database.query<{ id: string; code: string }>('SELECT id, code FROM organisations');
  const groups = await t.database.query<{ id: number; name: string }>('SELECT id, name FROM groups');
  const devices = await t.database.query<{ id: string }>('SELECT id FROM devices ORDER BY name LIMIT 2');
  return {
    superuser: (await signIn(t, 'superuser@cardiomap.test')).access,
    support,
    supportId: (await getAs(t, support, '/api/userinfo/')).json().sub,
    physician: (await signIn(t, 'physician@cardiomap.test')).access,
    org: Object.fromEntries(orgs.map((o) => [o.code, o.id])),
    groupId: Object.fromEntries(groups.map((g) => [g.name, g.id])),
    devices: devices.map((d) => d.id) as [string, string],
  };
}

/** A request with or without a bearer token. */
export const sender = (t: TestApp) => (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

/** A role holding exactly `permissions`, so a test can take one administrator permission away. */
export async function roleWith(t: TestApp, name: string, permissions: readonly string[]): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('INSERT INTO groups (name) VALUES ($1) RETURNING id', [name]);
  await t.database.query(
    `INSERT INTO group_permissions (group_id, permission_id)
     SELECT $1, id FROM permissions WHERE codename = ANY($2::text[])`,
    [row!.id, permissions],
  );
  return row!.id;
}
