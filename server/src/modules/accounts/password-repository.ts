import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  authSessions,
  otpChallenges,
  passwordHistory,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../../db/schema/index.ts';

/** The hashes a new password must not match: the current one first, then the newest history rows. */
export async function recentPasswordHashes(db: DbOrTx, userId: string, count: number): Promise<string[]> {
  const [current] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const older = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.dateCreated))
    .limit(Math.max(count - 1, 0));
  return [...(current ? [current.hash] : []), ...older.map((row) => row.hash)];
}

/**
 * Replaces the password: the old hash goes to the history (trimmed to `keep` rows), expiry starts again.
 * Answers false when the user is gone.
 */
export async function replacePassword(tx: DbOrTx, userId: string, newHash: string, keep: number): Promise<boolean> {
  const [current] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
  if (!current) return false;
  await tx.insert(passwordHistory).values({ userId, passwordHash: current.hash });
  await tx.execute(sql`DELETE FROM password_history WHERE user_id = ${userId} AND id NOT IN (
    SELECT id FROM password_history WHERE user_id = ${userId} ORDER BY date_created DESC LIMIT ${keep})`);
  await tx
    .update(users)
    .set({ passwordHash: newHash, lastPasswordChange: new Date(), passwordExpiredAt: null })
    .where(eq(users.id, userId));
  return true;
}

/** The user must choose a new password at the next sign-in (as the expiry policy would have it); false when gone. */
export async function expirePassword(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordExpiredAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every open sign-in of the user, except `keepSessionId`; answers how many. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        ...(keepSessionId ? [ne(authSessions.id, keepSessionId)] : []),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}

export async function insertResetToken(
  db: DbOrTx,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(passwordResetTokens).values(token).returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('password reset token not stored');
  return row.id;
}

/** Serialises one user's reset requests until the transaction ends, so the hourly cap counts exactly. */
export async function lockUserForReset(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countResetTokensSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.dateCreated, since)));
  return Number(row?.count ?? 0);
}

export interface ResetTokenRow {
  id: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The user's reset tokens of the last day: compared by the service in constant time. */
export async function listResetTokens(db: DbOrTx, userId: string, since: Date): Promise<ResetTokenRow[]> {
  return db
    .select({
      id: passwordResetTokens.id,
      tokenHash: passwordResetTokens.tokenHash,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.dateCreated, since)));
}

/** Uses the token once: of two concurrent confirmations exactly one gets true. Ends the user's other links. */
export async function consumeResetToken(tx: DbOrTx, id: string, userId: string): Promise<boolean> {
  const now = new Date();
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
    )
    .returning({ id: passwordResetTokens.id });
  if (used.length !== 1) return false;
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return true;
}

export interface SessionRow {
  id: string;
  dateCreated: Date;
  userAgent: string;
  ip: string;
}

/** Open sign-ins: not revoked and holding a refresh token that can still be used. */
export async function listOpenSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  const now = new Date();
  const live = db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(and(isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)));
  return db
    .select({
      id: authSessions.id,
      dateCreated: authSessions.dateCreated,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), inArray(authSessions.id, live)))
    .orderBy(desc(authSessions.dateCreated));
}

/** Whether the user signed in before, and whether from this browser. */
export async function knownDevice(
  db: DbOrTx,
  userId: string,
  userAgent: string,
  exceptSessionId: string,
): Promise<{ signedInBefore: boolean; seenAgent: boolean }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      same: sql<number>`count(*) FILTER (WHERE ${authSessions.userAgent} = ${userAgent})::int`,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, exceptSessionId)));
  return { signedInBefore: Number(row?.total ?? 0) > 0, seenAgent: Number(row?.same ?? 0) > 0 };
}

export async function recordSessionOrigin(
  db: DbOrTx,
  sessionId: string,
  origin: { userAgent: string; ip: string },
): Promise<void> {
  await db.update(authSessions).set(origin).where(eq(authSessions.id, sessionId));
}

/** The session a refresh token (used or not) belongs to, or null. */
export async function sessionOfRefreshToken(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.sessionId ?? null;
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  change: Partial<Pick<typeof users.$inferInsert, 'givenName' | 'middleName' | 'familyName' | 'title' | 'phoneNumber'>>,
): Promise<void> {
  await db.update(users).set(change).where(eq(users.id, userId));
}

export interface PasswordChangeChallenge {
  id: string;
  codeHash: string;
  expiresAt: Date;
  lastSentAt: Date;
  failedAttempts: number;
}

export async function createPasswordChangeChallenge(
  db: DbOrTx,
  challenge: { id: string; userId: string; tokenHash: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  // Earlier open password-change codes stop working: only the newest e-mail counts.
  await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpChallenges.userId, challenge.userId),
        eq(otpChallenges.purpose, 'password_change'),
        isNull(otpChallenges.consumedAt),
      ),
    );
  await db.insert(otpChallenges).values({ ...challenge, purpose: 'password_change' });
}

/** The newest password-change challenge of the user (open or not), for the resend wait and the code check. */
export async function latestPasswordChangeChallenge(
  db: DbOrTx,
  userId: string,
): Promise<(PasswordChangeChallenge & { consumedAt: Date | null }) | null> {
  const [row] = await db
    .select({
      id: otpChallenges.id,
      codeHash: otpChallenges.codeHash,
      expiresAt: otpChallenges.expiresAt,
      lastSentAt: otpChallenges.lastSentAt,
      failedAttempts: otpChallenges.failedAttempts,
      consumedAt: otpChallenges.consumedAt,
    })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.userId, userId), eq(otpChallenges.purpose, 'password_change')))
    .orderBy(desc(otpChallenges.lastSentAt))
    .limit(1);
  return row ?? null;
}
