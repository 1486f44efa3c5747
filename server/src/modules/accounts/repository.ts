import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOnPool } from '../../db/query.ts';
import {
  appSecrets,
  authSessions,
  groupPermissions,
  groups,
  otpChallenges,
  permissions,
  refreshTokens,
  registrations,
  users,
} from '../../db/schema/index.ts';
import type { UserProfile } from '../../lib/actor.ts';

const PROFILE_COLUMNS = sql`
  u.id, u.email, u.given_name AS "givenName", u.middle_name AS "middleName", u.family_name AS "familyName",
  u.title, u.phone_number AS "phoneNumber", u.is_superuser AS "isSuperuser", u.is_active AS "isActive",
  u.has_approved_terms AS "hasApprovedTerms", u.previously_approved AS "previouslyApproved",
  u.last_password_change AS "lastPasswordChange", u.password_expired_at AS "passwordExpiredAt",
  u.organisation_request AS "organisationRequest", u.hide_patient_identifier AS "hidePatientIdentifier",
  u.cases_default_table_view AS "casesDefaultTableView", u.date_created AS "dateCreated",
  u.profile_version AS "profileVersion",
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'permissions',
      COALESCE((SELECT json_agg(p.codename ORDER BY p.codename) FROM group_permissions gp
                JOIN permissions p ON p.id = gp.permission_id WHERE gp.group_id = g.id), '[]'::json)) ORDER BY g.id)
    FROM group_memberships gm JOIN groups g ON g.id = gm.group_id WHERE gm.user_id = u.id), '[]'::json) AS groups,
  COALESCE((SELECT json_agg(json_build_object('id', m.id, 'organisationId', m.organisation_id,
      'isPrimary', m.is_primary, 'name', o.name, 'code', o.code, 'requiresOtp', o.requires_otp,
      'passwordExpires', o.password_expires, 'passwordExpirationDays', o.password_expiration_days)
      ORDER BY m.is_primary DESC, o.code)
    FROM organisation_memberships m JOIN organisations o ON o.id = m.organisation_id WHERE m.user_id = u.id),
    '[]'::json) AS memberships,
  COALESCE((SELECT json_agg(json_build_object('id', s.id, 'deviceId', s.device_id) ORDER BY s.id)
    FROM specialisations s WHERE s.user_id = u.id), '[]'::json) AS specialisations`;

type ProfileRow = Omit<UserProfile, 'lastPasswordChange' | 'passwordExpiredAt' | 'dateCreated'> & {
  lastPasswordChange: Date | string;
  passwordExpiredAt: Date | string | null;
  dateCreated: Date | string;
};

const toProfile = (row: ProfileRow): UserProfile => ({
  ...row,
  lastPasswordChange: new Date(row.lastPasswordChange),
  passwordExpiredAt: row.passwordExpiredAt === null ? null : new Date(row.passwordExpiredAt),
  dateCreated: new Date(row.dateCreated),
});

/** The user with groups, memberships and specialisations; with a session id only while it is open. */
export async function loadProfile(
  database: Database,
  key: { userId: string; sessionId?: string } | { email: string },
): Promise<UserProfile | null> {
  let rows: ProfileRow[];
  if ('email' in key) {
    rows = await queryOnPool(database)<ProfileRow>(
      sql`SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.email = ${key.email}`,
    );
  } else if (key.sessionId) {
    rows = await queryOnPool(database)<ProfileRow>(
      sql`SELECT ${PROFILE_COLUMNS} FROM auth_sessions a JOIN users u ON u.id = a.user_id
       WHERE a.id = ${key.sessionId} AND a.user_id = ${key.userId} AND a.revoked_at IS NULL`,
    );
  } else {
    rows = await queryOnPool(database)<ProfileRow>(
      sql`SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.id = ${key.userId}`,
    );
  }
  const row = rows[0];
  return row ? toProfile(row) : null;
}

/**
 * The cheap per-request check: the sign-in is still open and its user active. Answers the user's profile
 * version, so a cached profile is used only while nothing it was built from has changed.
 */
export async function openSessionProfileVersion(
  database: Database,
  key: { userId: string; sessionId: string },
): Promise<number | null> {
  const rows = await queryOnPool(database)<{ profileVersion: number }>(
    sql`SELECT u.profile_version AS "profileVersion" FROM auth_sessions a JOIN users u ON u.id = a.user_id
     WHERE a.id = ${key.sessionId} AND a.user_id = ${key.userId} AND a.revoked_at IS NULL AND u.is_active`,
    'open_session_profile_version',
  );
  return rows[0]?.profileVersion ?? null;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/**
 * The password hash of the newest registration of the address still waiting for its e-mail check: a
 * read of registration's table (its module writes it), so that sign-in can say why there is no account
 * yet without accounts importing registration (which imports users, which imports accounts).
 */
export async function openRegistrationPasswordHash(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: registrations.passwordHash })
    .from(registrations)
    .where(and(eq(registrations.email, email), isNull(registrations.verifiedAt)))
    .orderBy(desc(registrations.dateCreated))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** Returns the named secret, creating it from `create()` the first time (safe when instances race). */
export async function getOrCreateSecret(db: DbOrTx, name: string, create: () => Buffer): Promise<Buffer> {
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return Buffer.from(row.value);
}

export async function createSession(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.insert(authSessions).values({ userId }).returning({ id: authSessions.id });
  if (!row) throw new Error('Session was not created');
  return row.id;
}

/** Answers the user the sign-in belonged to, or null when it was already revoked. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<string | null> {
  const [row] = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ userId: authSessions.userId });
  return row?.userId ?? null;
}

export async function insertRefreshToken(
  db: DbOrTx,
  token: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/**
 * Marks a refresh token used in one statement, so two concurrent refreshes with the same token cannot
 * both succeed. Answers the session it belongs to, or why it cannot be used.
 */
export async function useRefreshToken(
  db: DbOrTx,
  tokenHash: string,
  repeat?: { arrivedAt: Date; successorHash: string },
): Promise<
  | { kind: 'ok' | 'grace'; sessionId: string; userId: string }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'invalid' }
> {
  const now = new Date();
  const [used] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (used) {
    const session = await liveSession(db, used.sessionId);
    return session ? { kind: 'ok', sessionId: used.sessionId, userId: session.userId } : { kind: 'invalid' };
  }
  const [known] = await db
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, answeredAt: refreshTokens.answeredAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known?.usedAt) return { kind: 'invalid' };
  if (repeat && arrivedBeforeAnswer(repeat.arrivedAt, { usedAt: known.usedAt, answeredAt: known.answeredAt })) {
    // It ran alongside the rotation that used the token (a second tab, a retry, possibly another
    // instance), so it is not a copy coming back: it gets the same successor while that is unused.
    const [successor] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, repeat.successorHash), isNull(refreshTokens.usedAt)));
    const session = successor ? await liveSession(db, known.sessionId) : null;
    if (session) return { kind: 'grace', sessionId: known.sessionId, userId: session.userId };
  }
  return { kind: 'reused', sessionId: known.sessionId };
}

/**
 * How long a rotation may take between using its token and answering. A used token without an answer
 * older than this belongs to a rotation that never answered (it failed or its process died): nobody
 * holds its successor, so a repeat then is treated as a copy, not waited for.
 */
export const REFRESH_ANSWER_WINDOW_MS = 30_000;

/**
 * A repeat is concurrent when it reached the server before the rotation's answer left it: its client
 * cannot have had the successor yet. Comparing with the answer, not with the use, matters because a
 * burst's later requests often reach the handler only after the first has used the token. A repeat
 * that arrives after the answer (even a millisecond after, as a replay would) is a copy.
 */
function arrivedBeforeAnswer(arrivedAt: Date, token: { usedAt: Date; answeredAt: Date | null }): boolean {
  if (token.answeredAt) return arrivedAt.getTime() < token.answeredAt.getTime();
  // Still rotating: the answer has not been sent, so whoever sent this could not have seen it.
  return Date.now() - token.usedAt.getTime() < REFRESH_ANSWER_WINDOW_MS;
}

/** Records that the rotation which used this token answered now; called just before the answer is sent. */
export async function markRefreshAnswered(db: DbOrTx, tokenHash: string, answeredAt: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ answeredAt })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.answeredAt)));
}

async function liveSession(db: DbOrTx, sessionId: string): Promise<{ userId: string } | null> {
  const [session] = await db
    .select({ userId: authSessions.userId, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return session && !session.revokedAt ? { userId: session.userId } : null;
}

export interface OtpChallengeRow {
  id: string;
  userId: string;
  email: string;
  codeHash: string;
  expiresAt: Date;
  lastSentAt: Date;
  failedAttempts: number;
  consumedAt: Date | null;
}

export async function createOtpChallenge(
  db: DbOrTx,
  challenge: { id: string; userId: string; tokenHash: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(otpChallenges).values(challenge);
}

export async function findOtpChallenge(db: DbOrTx, tokenHash: string): Promise<OtpChallengeRow | null> {
  const [row] = await db
    .select({
      id: otpChallenges.id,
      userId: otpChallenges.userId,
      email: users.email,
      codeHash: otpChallenges.codeHash,
      expiresAt: otpChallenges.expiresAt,
      lastSentAt: otpChallenges.lastSentAt,
      failedAttempts: otpChallenges.failedAttempts,
      consumedAt: otpChallenges.consumedAt,
    })
    .from(otpChallenges)
    .innerJoin(users, eq(users.id, otpChallenges.userId))
    .where(eq(otpChallenges.tokenHash, tokenHash));
  return row ?? null;
}

/** Consumes the challenge only if it is still open, unexpired and under the attempt limit: single use. */
export async function consumeOtpChallenge(db: DbOrTx, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpChallenges.id, id),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, new Date()),
        lt(otpChallenges.failedAttempts, maxAttempts),
      ),
    )
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

export async function recordOtpFailure(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(otpChallenges)
    .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
    .where(eq(otpChallenges.id, id))
    .returning({ failedAttempts: otpChallenges.failedAttempts });
  return row?.failedAttempts ?? Number.POSITIVE_INFINITY;
}

/** Replaces the code of an open challenge, unless one was sent less than `minIntervalMs` ago. */
export async function renewOtpCode(
  db: DbOrTx,
  id: string,
  change: { codeHash: string; expiresAt: Date; minIntervalMs: number },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(otpChallenges)
    .set({ codeHash: change.codeHash, expiresAt: change.expiresAt, lastSentAt: now })
    .where(
      and(
        eq(otpChallenges.id, id),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.lastSentAt, new Date(now.getTime() - change.minIntervalMs)),
      ),
    )
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

export async function listGroups(db: DbOrTx): Promise<{ id: number; name: string; permissions: string[] }[]> {
  const rows = await db
    .select({ id: groups.id, name: groups.name, codename: permissions.codename })
    .from(groups)
    .leftJoin(groupPermissions, eq(groupPermissions.groupId, groups.id))
    .leftJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .orderBy(groups.id, permissions.codename);
  const byId = new Map<number, { id: number; name: string; permissions: string[] }>();
  for (const row of rows) {
    const group = byId.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
    if (row.codename) group.permissions.push(row.codename);
    byId.set(row.id, group);
  }
  return [...byId.values()];
}

export async function updateUser(
  db: DbOrTx,
  userId: string,
  change: Partial<
    Pick<
      typeof users.$inferInsert,
      'hidePatientIdentifier' | 'casesDefaultTableView' | 'hasApprovedTerms' | 'previouslyApproved'
    >
  >,
): Promise<void> {
  await db.update(users).set(change).where(eq(users.id, userId));
}
