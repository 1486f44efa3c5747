import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupMemberships, groups, organisationMemberships, users } from '../../db/schema/index.ts';

/** What a verified registration brings to its account. */
export interface PendingUserValues {
  email: string;
  passwordHash: string;
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
  /** The organisation the person asked to join, in their words. */
  organisationRequest: string;
}

/** The account, active, with no organisation and no role; null when the address has one already. */
export async function insertPendingUser(db: DbOrTx, values: PendingUserValues): Promise<string | null> {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      isActive: true,
      hasApprovedTerms: false,
      previouslyApproved: false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** The organisation becomes the user's primary one, they get the roles and are active. */
export async function admitMember(
  db: DbOrTx,
  approval: { userId: string; organisationId: string; groupNames: readonly string[] },
): Promise<void> {
  await db
    .update(organisationMemberships)
    .set({ isPrimary: false })
    .where(
      and(
        eq(organisationMemberships.userId, approval.userId),
        ne(organisationMemberships.organisationId, approval.organisationId),
      ),
    );
  await db
    .insert(organisationMemberships)
    .values({ organisationId: approval.organisationId, userId: approval.userId, isPrimary: true })
    .onConflictDoUpdate({
      target: [organisationMemberships.organisationId, organisationMemberships.userId],
      set: { isPrimary: true },
    });
  if (approval.groupNames.length > 0) {
    const wanted = await db
      .select({ id: groups.id })
      .from(groups)
      .where(inArray(groups.name, [...approval.groupNames]));
    if (wanted.length !== approval.groupNames.length) throw new Error('Unknown role in approval');
    await db
      .insert(groupMemberships)
      .values(wanted.map((g) => ({ groupId: g.id, userId: approval.userId })))
      .onConflictDoNothing();
  }
  await db.update(users).set({ isActive: true }).where(eq(users.id, approval.userId));
}

export async function setInactive(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ isActive: false }).where(eq(users.id, userId));
}
