import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';

/** One user as an administrator reads it, with what the guards and the presenter need. */
export interface AdminUserRow {
  id: string;
  email: string;
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
  isActive: boolean;
  isSuperuser: boolean;
  hasApprovedTerms: boolean;
  lastPasswordChange: Date | string;
  passwordExpiredAt: Date | string | null;
  dateCreated: Date | string;
  lastSignIn: Date | string | null;
  mfaRequired: boolean;
  primaryPolicy: { passwordExpires: boolean; passwordExpirationDays: number } | null;
  groups: number[];
  memberships: { id: string; organisationId: string; organisationName: string; isPrimary: boolean; contact: boolean }[];
  specialisations: { id: string; deviceId: string }[];
}

export async function findAdminUser(db: DbOrTx, id: string): Promise<AdminUserRow | null> {
  const rows = await queryOn(db)<AdminUserRow>(sql`
    SELECT u.id, u.email, u.given_name AS "givenName", u.middle_name AS "middleName", u.family_name AS "familyName",
           u.title, u.phone_number AS "phoneNumber", u.is_active AS "isActive", u.is_superuser AS "isSuperuser",
           u.has_approved_terms AS "hasApprovedTerms", u.last_password_change AS "lastPasswordChange",
           u.password_expired_at AS "passwordExpiredAt", u.date_created AS "dateCreated",
           (SELECT max(s.date_created) FROM auth_sessions s WHERE s.user_id = u.id) AS "lastSignIn",
           EXISTS (SELECT 1 FROM organisation_memberships m JOIN organisations o ON o.id = m.organisation_id
                    WHERE m.user_id = u.id AND o.requires_otp) AS "mfaRequired",
           (SELECT json_build_object('passwordExpires', o.password_expires,
                                     'passwordExpirationDays', o.password_expiration_days)
              FROM organisation_memberships m JOIN organisations o ON o.id = m.organisation_id
             WHERE m.user_id = u.id AND m.is_primary LIMIT 1) AS "primaryPolicy",
           COALESCE((SELECT json_agg(g.group_id ORDER BY g.group_id) FROM group_memberships g
                      WHERE g.user_id = u.id), '[]'::json) AS groups,
           COALESCE((SELECT json_agg(json_build_object('id', m.id, 'organisationId', m.organisation_id,
                                                       'organisationName', o.name, 'isPrimary', m.is_primary,
                                                       'contact', m.contact)
                                     ORDER BY m.is_primary DESC, o.name)
                       FROM organisation_memberships m JOIN organisations o ON o.id = m.organisation_id
                      WHERE m.user_id = u.id), '[]'::json) AS memberships,
           COALESCE((SELECT json_agg(json_build_object('id', s.id, 'deviceId', s.device_id) ORDER BY s.device_id)
                       FROM specialisations s WHERE s.user_id = u.id), '[]'::json) AS specialisations
      FROM users u WHERE u.id = ${id}`);
  return rows[0] ?? null;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await queryOn(db)<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return rows.length > 0;
}

/** The ids among `ids` that exist in `table` (groups, organisations, devices), to name the unknown ones. */
export async function existingIds(db: DbOrTx, table: 'groups' | 'organisations' | 'devices', ids: readonly unknown[]) {
  if (ids.length === 0) return new Set<string>();
  const cast = table === 'groups' ? sql`::int[]` : sql`::uuid[]`;
  const rows = await queryOn(db)<{ id: string | number }>(
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY(${sql.param(ids)}${cast})`,
  );
  return new Set(rows.map((row) => String(row.id)));
}

export async function groupIdByName(db: DbOrTx, name: string): Promise<number | null> {
  const rows = await queryOn(db)<{ id: number }>(sql`SELECT id FROM groups WHERE name = ${name}`);
  return rows[0]?.id ?? null;
}

/** The permission codenames the given groups grant together. */
export async function permissionsOfGroups(db: DbOrTx, groupIds: readonly number[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await queryOn(db)<{ codename: string }>(sql`
    SELECT DISTINCT p.codename FROM group_permissions gp JOIN permissions p ON p.id = gp.permission_id
     WHERE gp.group_id = ANY(${sql.param(groupIds)}::int[])`);
  return new Set(rows.map((row) => row.codename));
}

export interface UserFields {
  givenName?: string;
  middleName?: string;
  familyName?: string;
  title?: string;
  phoneNumber?: string;
  isSuperuser?: boolean;
  hasApprovedTerms?: boolean;
  isActive?: boolean;
}

export async function insertUser(
  db: DbOrTx,
  user: Required<Omit<UserFields, 'hasApprovedTerms' | 'isActive'>> & { email: string; passwordHash: string },
): Promise<string> {
  const rows = await queryOn(db)<{ id: string }>(sql`
    INSERT INTO users (email, password_hash, given_name, middle_name, family_name, title, phone_number, is_superuser)
    VALUES (${user.email}, ${user.passwordHash}, ${user.givenName}, ${user.middleName}, ${user.familyName},
            ${user.title}, ${user.phoneNumber}, ${user.isSuperuser})
    RETURNING id`);
  return rows[0]!.id;
}

export async function updateUserFields(db: DbOrTx, id: string, fields: UserFields): Promise<void> {
  const columns: Record<keyof UserFields, string> = {
    givenName: 'given_name',
    middleName: 'middle_name',
    familyName: 'family_name',
    title: 'title',
    phoneNumber: 'phone_number',
    isSuperuser: 'is_superuser',
    hasApprovedTerms: 'has_approved_terms',
    isActive: 'is_active',
  };
  const sets = (Object.keys(columns) as (keyof UserFields)[])
    .filter((key) => fields[key] !== undefined)
    .map((key) => sql`${sql.identifier(columns[key])} = ${fields[key]}`);
  if (sets.length === 0) return;
  await queryOn(db)(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await queryOn(db)(sql`UPDATE users SET password_hash = ${passwordHash}, last_password_change = now(),
                               password_expired_at = NULL WHERE id = ${id}`);
}

export async function expirePassword(db: DbOrTx, id: string): Promise<void> {
  await queryOn(db)(sql`UPDATE users SET password_expired_at = now() WHERE id = ${id}`);
}

export async function replaceGroups(db: DbOrTx, userId: string, groupIds: readonly number[]): Promise<void> {
  const q = queryOn(db);
  await q(sql`DELETE FROM group_memberships WHERE user_id = ${userId}
                AND NOT (group_id = ANY(${sql.param(groupIds)}::int[]))`);
  if (groupIds.length === 0) return;
  await q(sql`INSERT INTO group_memberships (group_id, user_id)
              SELECT g, ${userId}::uuid FROM unnest(${sql.param(groupIds)}::int[]) g
              ON CONFLICT (group_id, user_id) DO NOTHING`);
}

export async function replaceSpecialisations(db: DbOrTx, userId: string, deviceIds: readonly string[]) {
  const q = queryOn(db);
  await q(sql`DELETE FROM specialisations WHERE user_id = ${userId}
                AND NOT (device_id = ANY(${sql.param(deviceIds)}::uuid[]))`);
  if (deviceIds.length === 0) return;
  await q(sql`INSERT INTO specialisations (user_id, device_id)
              SELECT ${userId}::uuid, d FROM unnest(${sql.param(deviceIds)}::uuid[]) d
              ON CONFLICT (user_id, device_id) DO NOTHING`);
}

/**
 * Replaces the user's memberships within `scope` (null: all organisations) by `wanted`; memberships in
 * organisations outside the scope are not the caller's to see or change and stay as they are.
 */
export async function replaceMemberships(
  db: DbOrTx,
  userId: string,
  wanted: readonly { organisationId: string; isPrimary: boolean; contact: boolean }[],
  scope: readonly string[] | null,
): Promise<void> {
  const q = queryOn(db);
  const ids = wanted.map((m) => m.organisationId);
  const inScope = scope ? sql`AND organisation_id = ANY(${sql.param(scope)}::uuid[])` : sql``;
  await q(sql`DELETE FROM organisation_memberships WHERE user_id = ${userId} ${inScope}
                AND NOT (organisation_id = ANY(${sql.param(ids)}::uuid[]))`);
  // One primary at most: choosing one clears the others (spec §5), also outside the caller's scope.
  if (wanted.some((m) => m.isPrimary)) {
    await q(sql`UPDATE organisation_memberships SET is_primary = false WHERE user_id = ${userId} AND is_primary
                  AND NOT (organisation_id = ANY(${sql.param(wanted.filter((m) => m.isPrimary).map((m) => m.organisationId))}::uuid[]))`);
  }
  for (const m of wanted) {
    await q(sql`INSERT INTO organisation_memberships (organisation_id, user_id, is_primary, contact)
                VALUES (${m.organisationId}, ${userId}, ${m.isPrimary}, ${m.contact})
                ON CONFLICT (organisation_id, user_id)
                DO UPDATE SET is_primary = EXCLUDED.is_primary, contact = EXCLUDED.contact`);
  }
}

/** Roles with every permission they carry, for the grant rule (`mayGrantGroup` of packages/domain). */
export async function groupsWithPermissions(
  db: DbOrTx,
  groupIds: readonly number[],
): Promise<{ id: number; name: string; permissions: string[] }[]> {
  if (groupIds.length === 0) return [];
  return queryOn(db)<{ id: number; name: string; permissions: string[] }>(sql`
    SELECT g.id, g.name,
           COALESCE(array_agg(p.codename ORDER BY p.codename) FILTER (WHERE p.codename IS NOT NULL), '{}') AS permissions
      FROM groups g
      LEFT JOIN group_permissions gp ON gp.group_id = g.id
      LEFT JOIN permissions p ON p.id = gp.permission_id
     WHERE g.id = ANY(${sql.param(groupIds)}::int[])
     GROUP BY g.id, g.name
     ORDER BY g.id`);
}

/**
 * Locks every active superuser's row (in id order, so two demotions cannot deadlock) and answers their
 * ids: of two concurrent demotions of the last two superusers, the second waits and then sees one.
 */
export async function lockActiveSuperusers(db: DbOrTx): Promise<string[]> {
  const rows = await queryOn(db)<{ id: string }>(
    sql`SELECT id FROM users WHERE is_superuser AND is_active ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}
