import { randomUUID } from 'node:crypto';
import { routes } from '@cardiomap/contract';
import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Role } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type AdminWorld, adminWorld, PASSWORD, roleWith, sender } from './admin-world.ts';

/**
 * Issue 27 (High): every path that grants a role × every kind of granter × every seeded role. A granter
 * may grant a role only when it holds each of its permissions; roles with accounts.all_organisations and
 * the Superuser role only a superuser grants. The oracle below is written from that sentence, not from
 * the code under test.
 */
type Granter = 'superuser' | 'support' | 'scopedAdmin';
const GRANTERS: Granter[] = ['superuser', 'support', 'scopedAdmin'];
const GRANTER_PERMISSIONS: Record<Granter, readonly string[]> = {
  superuser: [],
  support: ROLE_PERMISSIONS['Customer Support'],
  scopedAdmin: EDIT_USERS_AND_ORGANISATIONS,
};
function mayGrant(granter: Granter, role: Role): boolean {
  if (granter === 'superuser') return true;
  const perms = ROLE_PERMISSIONS[role];
  const held = new Set(GRANTER_PERMISSIONS[granter]);
  return role !== 'Superuser' && !perms.includes(PERMISSIONS.allOrganisations) && perms.every((p) => held.has(p));
}

/** A field of a body that hands out roles, permissions or the superuser flag. */
const GRANTING_FIELD = /^(groups?|roles?|permissions?|isSuperuser)$/;
/** The top-level keys of a body schema, through zod's wrappers (pipe, default, optional, refinements). */
function bodyKeys(schema: unknown): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definition, whatever the wrapper
  let s: any = schema;
  for (let depth = 0; s && !s.shape && depth < 10; depth++) s = s.def?.in ?? s.def?.innerType ?? s.def?.schema;
  return s?.shape ? Object.keys(s.shape) : [];
}

describe('granting roles (issue 27: no administrator makes itself or anyone more than it is)', () => {
  let t: TestApp;
  let w: AdminWorld;
  let send: ReturnType<typeof sender>;
  const tokens = {} as Record<Granter, string>;
  let passwordHash: string;

  /** A plain active member of BHI with no role, made in SQL (no password hashing per case). */
  async function member(pending = false): Promise<string> {
    const email = `target-${randomUUID()}@cardiomap.test`;
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, given_name, family_name, phone_number, organisation_request)
       VALUES ($1, $2, 'Tar', 'Get', '+31 10 000', 'Clinic of Nowhere') RETURNING id`,
      [email, passwordHash],
    );
    const id = row?.id ?? '';
    if (!pending) {
      await t.database.query(
        'INSERT INTO organisation_memberships (organisation_id, user_id, is_primary) VALUES ($1, $2, true)',
        [w.org.BHI, id],
      );
    }
    // A Field Clinical Specialist needs a device: every target has one, so that rule never decides here.
    await t.database.query('INSERT INTO specialisations (user_id, device_id) VALUES ($1, $2)', [id, w.devices[0]]);
    return id;
  }
  const holdsRole = async (userId: string, group: number) =>
    (await t.database.query('SELECT 1 FROM group_memberships WHERE user_id = $1 AND group_id = $2', [userId, group]))
      .length === 1;

  /** Each path: make the request that would give `group` to a fresh user; answers the status and the user. */
  const PATHS: Record<string, (token: string, group: number) => Promise<{ status: number; userId: string }>> = {
    createUser: async (token, group) => {
      const email = `new-${randomUUID()}@cardiomap.test`;
      const res = await send('POST', '/api/users/', token, {
        email,
        password: PASSWORD,
        password2: PASSWORD,
        givenName: 'New',
        familyName: 'Account',
        groups: [group],
        organisations: [{ organisationId: w.org.BHI, isPrimary: true, contact: false }],
        deviceIds: [w.devices[0]],
      });
      const [row] = await t.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      return { status: res.statusCode, userId: row?.id ?? '' };
    },
    updateUser: async (token, group) => {
      const userId = await member();
      const res = await send('PATCH', `/api/users/${userId}/`, token, { groups: [group] });
      return { status: res.statusCode, userId };
    },
    createGroupMembership: async (token, group) => {
      const userId = await member();
      const res = await send('POST', '/api/group-memberships/', token, { group, userId });
      return { status: res.statusCode, userId };
    },
    approveRegistration: async (token, group) => {
      const userId = await member(true);
      const res = await send('POST', `/api/incoming-registrations/${userId}/approve/`, token, {
        organisationId: w.org.BHI,
        groups: [group],
      });
      return { status: res.statusCode, userId };
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await adminWorld(t);
    send = sender(t);
    [{ password_hash: passwordHash = '' } = { password_hash: '' }] = await t.database.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'pending@cardiomap.test'`,
    );
    const scoped = await roleWith(t, 'Scoped Admin', EDIT_USERS_AND_ORGANISATIONS);
    const res = await send('POST', '/api/users/', w.superuser, {
      email: 'scoped-admin@cardiomap.test',
      password: PASSWORD,
      password2: PASSWORD,
      givenName: 'Scoped',
      familyName: 'Admin',
      groups: [scoped],
      organisations: [{ organisationId: w.org.BHI, isPrimary: true, contact: false }],
    });
    expect(res.statusCode).toBe(201);
    tokens.superuser = w.superuser;
    tokens.support = w.support;
    tokens.scopedAdmin = (await signIn(t, 'scoped-admin@cardiomap.test', PASSWORD)).access;
  }, 120_000);
  afterAll(async () => t?.close());

  it('covers every route whose body grants roles, permissions or the superuser flag', () => {
    const granting = Object.entries(routes)
      .filter(([, route]) => bodyKeys((route as { body?: unknown }).body).some((key) => GRANTING_FIELD.test(key)))
      .map(([name]) => name)
      .sort();
    // A new granting route fails here until it is driven by PATHS (and so checked by the rule).
    expect(granting).toEqual(Object.keys(PATHS).sort());
  });

  for (const path of Object.keys(PATHS)) {
    for (const granter of GRANTERS) {
      it(`${path}: ${granter} grants exactly the roles it may`, async () => {
        const wrong: string[] = [];
        for (const role of ROLES) {
          const group = w.groupId[role] as number;
          const { status, userId } = await (PATHS[path] as (typeof PATHS)[string])(tokens[granter], group);
          const granted = userId !== '' && (await holdsRole(userId, group));
          const expected = mayGrant(granter, role);
          const ok = expected ? status < 300 && granted : status === 403 && !granted;
          if (!ok) wrong.push(`${role}: ${status}, granted ${granted}, expected ${expected ? 'granted' : '403'}`);
        }
        expect(wrong).toEqual([]);
      }, 120_000);
    }
  }

  it('refuses an administrator adding the Superuser role to itself, by either path', async () => {
    const superuserGroup = w.groupId.Superuser as number;
    const own = await send('GET', `/api/users/${w.supportId}/`, w.support);
    const patch = await send('PATCH', `/api/users/${w.supportId}/`, w.support, {
      groups: [...own.json().groups, superuserGroup],
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().detail).toBe('Only a superuser can grant the role "Superuser".');
    const post = await send('POST', '/api/group-memberships/', w.support, {
      group: superuserGroup,
      userId: w.supportId,
    });
    expect(post.statusCode).toBe(403);
    expect(await holdsRole(w.supportId, superuserGroup)).toBe(false);
  });

  it('refuses taking away a role the administrator could not have given', async () => {
    const userId = await member();
    const csm = w.groupId['Clinical Services Manager'] as number;
    await t.database.query('INSERT INTO group_memberships (group_id, user_id) VALUES ($1, $2)', [csm, userId]);
    expect((await send('PATCH', `/api/users/${userId}/`, w.support, { groups: [] })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/group-memberships/${csm}/${userId}/`, w.support)).statusCode).toBe(403);
    expect(await holdsRole(userId, csm)).toBe(true);
    expect((await send('DELETE', `/api/group-memberships/${csm}/${userId}/`, w.superuser)).statusCode).toBe(204);
  });
});
