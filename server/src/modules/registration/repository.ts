import { and, asc, desc, eq, gt, ilike, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organisations, registrations, users } from '../../db/schema/index.ts';

export type RegistrationRow = typeof registrations.$inferSelect;
export type NewRegistration = Omit<
  typeof registrations.$inferInsert,
  'id' | 'lastSentAt' | 'verifiedAt' | 'userId' | 'dateCreated'
>;

/** The account behind an address: addresses are stored lower-case, as sign-in compares them. */
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function findOrganisationName(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id));
  return row?.name ?? null;
}

/** Organisations whose name contains `search`, case-insensitively; `%` and `_` match themselves. */
export async function searchOrganisations(db: DbOrTx, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(ilike(organisations.name, pattern))
    .orderBy(asc(organisations.name))
    .limit(limit);
}

/**
 * Serialises the registrations of one address until the transaction ends (a transaction-scoped advisory
 * lock on the address: there is no row to lock before the first registration exists), so of two
 * concurrent registrations the later one sees, and voids, the earlier.
 */
export async function lockAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`registration:${email}`}, 0))`);
}

/**
 * Voids every registration of the address still waiting for its link (issue 27): only the newest
 * registration's link may create the account, so a stranger's earlier link cannot hand the owner an
 * account with the stranger's password. The rows go, with their password hashes; the audit keeps the trace.
 * With `createdBefore`, only the registrations older than that (a resend never voids a newer one).
 */
export async function voidOpenRegistrations(tx: DbOrTx, email: string, createdBefore?: Date): Promise<number> {
  const rows = await tx
    .delete(registrations)
    .where(
      and(
        eq(registrations.email, email),
        isNull(registrations.verifiedAt),
        createdBefore === undefined ? undefined : lt(registrations.dateCreated, createdBefore),
      ),
    )
    .returning({ id: registrations.id });
  return rows.length;
}

export async function insertRegistration(db: DbOrTx, registration: NewRegistration): Promise<string> {
  const [row] = await db.insert(registrations).values(registration).returning({ id: registrations.id });
  if (!row) throw new Error('Registration was not stored');
  return row.id;
}

export async function findRegistrationBySelector(db: DbOrTx, selector: string): Promise<RegistrationRow | null> {
  const [row] = await db.select().from(registrations).where(eq(registrations.selector, selector));
  return row ?? null;
}

/**
 * The newest registration of an address still waiting for verification: the only one whose link may
 * work (a new registration voids the earlier ones; rows stored before that rule may still be several).
 */
export async function newestOpenRegistration(db: DbOrTx, email: string): Promise<RegistrationRow | null> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.email, email), isNull(registrations.verifiedAt)))
    .orderBy(desc(registrations.dateCreated))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the link in one statement: only an unverified, unexpired registration is marked, so of two
 * concurrent openings of one link exactly one goes on to create the account.
 */
export async function claimVerification(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(registrations)
    .set({ verifiedAt: now })
    .where(and(eq(registrations.id, id), isNull(registrations.verifiedAt), gt(registrations.expiresAt, now)))
    .returning({ id: registrations.id });
  return rows.length === 1;
}

/** Links the registration to its account and forgets the password hash the account now holds. */
export async function completeRegistration(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db.update(registrations).set({ userId, passwordHash: '' }).where(eq(registrations.id, id));
}

/**
 * Replaces the link of an open registration, unless one was sent less than `minIntervalMs` ago: the
 * old link stops working, and two concurrent resends cannot both mail one.
 */
export async function renewVerificationKey(
  db: DbOrTx,
  id: string,
  change: { selector: string; verifierHash: string; expiresAt: Date; minIntervalMs: number },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(registrations)
    .set({ selector: change.selector, verifierHash: change.verifierHash, expiresAt: change.expiresAt, lastSentAt: now })
    .where(
      and(
        eq(registrations.id, id),
        isNull(registrations.verifiedAt),
        lt(registrations.lastSentAt, new Date(now.getTime() - change.minIntervalMs)),
      ),
    )
    .returning({ id: registrations.id });
  return rows.length === 1;
}

/** The organisation a verified user asked for, for the administrator's approval. */
export async function findRequestOfUser(
  db: DbOrTx,
  userId: string,
): Promise<{ organisationId: string | null; organisationName: string } | null> {
  const [row] = await db
    .select({ organisationId: registrations.organisationId, organisationName: registrations.organisationName })
    .from(registrations)
    .where(eq(registrations.userId, userId))
    .orderBy(desc(registrations.verifiedAt))
    .limit(1);
  return row ?? null;
}

export async function findOrganisationIdByCode(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  return row?.id ?? null;
}
