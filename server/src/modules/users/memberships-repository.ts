import type { OrganisationMembership, Specialisation } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';

/** Group memberships, organisation memberships and specialisations one at a time (spec §7). */

const MEMBERSHIP_COLUMNS = sql`id, organisation_id AS "organisationId", user_id AS "userId",
  is_primary AS "isPrimary", contact`;

/** False when the user already had the role. */
export async function insertGroupMembership(db: DbOrTx, group: number, userId: string): Promise<boolean> {
  const rows = await queryOn(db)(sql`INSERT INTO group_memberships (group_id, user_id) VALUES (${group}, ${userId})
    ON CONFLICT (group_id, user_id) DO NOTHING RETURNING id`);
  return rows.length > 0;
}

/** False when the user did not have the role. */
export async function deleteGroupMembership(db: DbOrTx, group: number, userId: string): Promise<boolean> {
  const rows = await queryOn(db)(
    sql`DELETE FROM group_memberships WHERE group_id = ${group} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

export async function findOrganisationMembership(db: DbOrTx, id: string): Promise<OrganisationMembership | null> {
  const rows = await queryOn(db)<OrganisationMembership>(
    sql`SELECT ${MEMBERSHIP_COLUMNS} FROM organisation_memberships WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Null when the user is already a member of the organisation. */
export async function insertOrganisationMembership(
  db: DbOrTx,
  m: Omit<OrganisationMembership, 'id'>,
): Promise<OrganisationMembership | null> {
  const rows = await queryOn(db)<OrganisationMembership>(sql`
    INSERT INTO organisation_memberships (organisation_id, user_id, is_primary, contact)
    VALUES (${m.organisationId}, ${m.userId}, ${m.isPrimary}, ${m.contact})
    ON CONFLICT (organisation_id, user_id) DO NOTHING RETURNING ${MEMBERSHIP_COLUMNS}`);
  return rows[0] ?? null;
}

export async function updateOrganisationMembership(
  db: DbOrTx,
  id: string,
  fields: { isPrimary?: boolean; contact?: boolean },
): Promise<OrganisationMembership> {
  const rows = await queryOn(db)<OrganisationMembership>(sql`
    UPDATE organisation_memberships
       SET is_primary = COALESCE(${fields.isPrimary ?? null}::boolean, is_primary),
           contact = COALESCE(${fields.contact ?? null}::boolean, contact)
     WHERE id = ${id} RETURNING ${MEMBERSHIP_COLUMNS}`);
  return rows[0]!;
}

/** One primary organisation at most (spec §5): making one primary clears the others. */
export async function clearOtherPrimaries(db: DbOrTx, userId: string, keepId: string): Promise<void> {
  await queryOn(db)(sql`UPDATE organisation_memberships SET is_primary = false
                         WHERE user_id = ${userId} AND is_primary AND id <> ${keepId}`);
}

export async function deleteOrganisationMembership(db: DbOrTx, id: string): Promise<void> {
  await queryOn(db)(sql`DELETE FROM organisation_memberships WHERE id = ${id}`);
}

export async function findSpecialisation(db: DbOrTx, id: string): Promise<Specialisation | null> {
  const rows = await queryOn(db)<Specialisation>(
    sql`SELECT id, user_id AS "userId", device_id AS "deviceId" FROM specialisations WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Null when the user already has the device. */
export async function insertSpecialisation(db: DbOrTx, userId: string, deviceId: string) {
  const rows = await queryOn(db)<Specialisation>(sql`
    INSERT INTO specialisations (user_id, device_id) VALUES (${userId}, ${deviceId})
    ON CONFLICT (user_id, device_id) DO NOTHING RETURNING id, user_id AS "userId", device_id AS "deviceId"`);
  return rows[0] ?? null;
}

export async function deleteSpecialisation(db: DbOrTx, id: string): Promise<void> {
  await queryOn(db)(sql`DELETE FROM specialisations WHERE id = ${id}`);
}
