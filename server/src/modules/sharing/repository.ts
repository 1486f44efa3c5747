import { FIELD_CLINICAL_SPECIALIST } from '@cardiomap/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { devices, groupMemberships, groups, sharedCases, specialisations, users } from '../../db/schema/index.ts';

export interface Recipient {
  /** Null for an invitation to an address that has no account yet. */
  userId: string | null;
  email: string;
}

/** The account behind an e-mail address, compared case-insensitively like sign-in does. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function deviceExists(db: DbOrTx, deviceId: string): Promise<boolean> {
  const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId));
  return rows.length > 0;
}

/** Spec §6: active Field Clinical Specialists with a specialisation in the device. */
export async function findSpecialists(db: DbOrTx, deviceId: string): Promise<Recipient[]> {
  return db
    .selectDistinct({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(specialisations, eq(specialisations.userId, users.id))
    .innerJoin(groupMemberships, eq(groupMemberships.userId, users.id))
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(
      and(eq(specialisations.deviceId, deviceId), eq(groups.name, FIELD_CLINICAL_SPECIALIST), eq(users.isActive, true)),
    )
    .orderBy(users.email);
}

/** Shares once per case and address: answers the new row, or null when it was already shared. */
export async function insertShare(
  db: DbOrTx,
  share: { caseId: string; recipient: Recipient; sharedById: string },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(sharedCases)
    .values({
      caseId: share.caseId,
      userId: share.recipient.userId,
      email: share.recipient.email.toLowerCase(),
      sharedById: share.sharedById,
    })
    .onConflictDoNothing({ target: [sharedCases.caseId, sharedCases.email] })
    .returning({ id: sharedCases.id });
  return row ?? null;
}

/**
 * Removes a share named as the wire names it: by the invitee's user id, or by the share's own id while
 * the invitation is pending. Answers the removed share, or null when there was none.
 */
export async function deleteShare(
  db: DbOrTx,
  caseId: string,
  userOrShareId: string,
): Promise<{ id: string; email: string; userId: string | null } | null> {
  const [row] = await db
    .delete(sharedCases)
    .where(
      and(
        eq(sharedCases.caseId, caseId),
        or(eq(sharedCases.userId, userOrShareId), and(eq(sharedCases.id, userOrShareId), isNull(sharedCases.userId))),
      ),
    )
    .returning({ id: sharedCases.id, email: sharedCases.email, userId: sharedCases.userId });
  return row ?? null;
}

/**
 * Gives a new account the cases shared with its address before it existed. Called once the address is
 * proven (e-mail verification), never at registration: whoever types an address must not get its cases.
 */
export async function attachInvitations(db: DbOrTx, userId: string, email: string): Promise<string[]> {
  const rows = await db
    .update(sharedCases)
    .set({ userId })
    .where(and(eq(sharedCases.email, email.toLowerCase()), isNull(sharedCases.userId)))
    .returning({ caseId: sharedCases.caseId });
  return rows.map((r) => r.caseId);
}

/**
 * Holds the invitation counts of one sharer and of one case until the transaction ends, so that two
 * shares cannot both read a count under the cap and both pass it. Advisory locks, because the per-sharer
 * count spans cases (no one row to lock) and locking the user row would also stall the account's own
 * updates. Always sharer first, then case: a transaction holding a case lock holds every lock it needs,
 * so no two shares wait on each other in a circle.
 */
export async function lockInvitationCounts(tx: Tx, actorId: string, caseId: string): Promise<void> {
  const query = queryOn(tx);
  await query(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`case.share:user:${actorId}`}, 0))`);
  await query(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`case.share:case:${caseId}`}, 0))`);
}

/**
 * Invitations sent in the last hour, by one user and to one case, read from the audit trail: a revoked
 * share is deleted, so counting shares would let revoke-and-share-again mail an address without end.
 */
export async function recentInvitations(
  db: DbOrTx,
  actorId: string,
  caseId: string,
): Promise<{ byActor: number; toCase: number }> {
  const [row] = await queryOn(db)<{ byActor: number; toCase: number }>(sql`
    SELECT count(*) FILTER (WHERE actor_id = ${actorId})::int AS "byActor",
           count(*) FILTER (WHERE target_id = ${caseId})::int AS "toCase"
      FROM audit_events
     WHERE action = 'case.share' AND at > now() - interval '1 hour'
       AND (actor_id = ${actorId} OR target_id = ${caseId})`);
  return row ?? { byActor: 0, toCase: 0 };
}
