import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  type OtpRequired,
  type TokenPair,
} from '@cardiomap/contract';
import { passwordExpiry } from '@cardiomap/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import { fieldError, HttpError, nonFieldError, tokenNotValid, tooManyRequests } from '../../lib/http-errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { recordAudit } from '../audit/index.ts';
import { otpMail } from './otp-mail.ts';
import * as repo from './repository.ts';
import { hashToken, newOpaqueToken, newOtpCode, type TokenService } from './tokens.ts';

export interface AccountsDeps {
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<Config, 'refreshTokenDays'>;
  /** Tells this instance's auth caches at once; other instances hear it from the database. */
  authChanged(userId: string): void;
  /** After every new sign-in: records its origin and mails about a new device (password-service.ts). */
  onSignIn?(profile: UserProfile, sessionId: string, origin: { userAgent: string; ip: string }): Promise<void>;
}

/**
 * Two tabs (or a retried request) refreshing with the same token moments apart get the same successor
 * instead of ending the sign-in; a copy used later than this still revokes it (issue 22).
 */
const NO_ACTIVE_ACCOUNT = new HttpError(401, 'no_active_account', 'No active account found with the given credentials');
const PASSWORD_EXPIRED = new HttpError(
  403,
  'password_expired',
  'Your password has expired. Choose a new password to sign in.',
);
const SIGN_IN_AGAIN = 'This sign-in attempt is no longer valid. Please sign in again.';
/**
 * Issue 30 §8: an account that cannot sign in says why, but only to who gave its right password, so a
 * guesser learns no more than "No active account found…" tells anyone.
 */
export const ACCOUNT_INACTIVE = new HttpError(
  403,
  'account_inactive',
  "This account has been deactivated. Ask your organisation's administrator to reactivate it.",
);
/** The same to an open tab of an account deactivated since: its refresh token proves who it is. */
const SESSION_OF_INACTIVE_ACCOUNT = new HttpError(401, ACCOUNT_INACTIVE.code, ACCOUNT_INACTIVE.detail);
export const EMAIL_NOT_VERIFIED = new HttpError(
  403,
  'email_not_verified',
  'Your e-mail address is not verified yet. Open the link in the e-mail we sent you; if it has expired, ask for a new one.',
);

/** A completed sign-in: the pair for the client, and whose it is (the route marks the browser, device-cookie.ts). */
export type SignedIn = TokenPair & { userId: string };

const primaryMembership = (profile: UserProfile) => profile.memberships.find((m) => m.isPrimary) ?? null;

export const isPasswordExpired = (profile: UserProfile, now = new Date()) =>
  passwordExpiry(
    {
      lastPasswordChange: profile.lastPasswordChange,
      passwordExpiredAt: profile.passwordExpiredAt,
      policy: primaryMembership(profile),
    },
    now,
  );

/** Sign-in, MFA, token rotation and sign-out (spec §7 "Auth and account"). */
export function createAccountsService(deps: AccountsDeps) {
  const { database, tokens, mailer, config } = deps;
  const { db } = database;

  async function issueTokens(userId: string, sessionId: string): Promise<TokenPair> {
    const refresh = newOpaqueToken();
    await repo.insertRefreshToken(db, {
      sessionId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + config.refreshTokenDays * 86_400_000),
    });
    return { access: await tokens.issueAccess({ userId, sessionId }), refresh };
  }

  async function startSession(profile: UserProfile, ip: string, method: string, userAgent: string): Promise<SignedIn> {
    const sessionId = await repo.createSession(db, profile.id);
    await deps.onSignIn?.(profile, sessionId, { userAgent, ip });
    await recordAudit(db, {
      actorId: profile.id,
      action: 'auth.sign_in',
      targetType: 'session',
      targetId: sessionId,
      organisationId: primaryMembership(profile)?.organisationId,
      ip,
      details: { method },
    });
    return { ...(await issueTokens(profile.id, sessionId)), userId: profile.id };
  }

  const refreshesInFlight = new Map<string, Promise<TokenPair>>();

  async function rotateRefresh(input: { refresh: string }, ip: string, arrivedAt: Date): Promise<TokenPair> {
    // The successor is derived from the token, so a repeat from another instance can answer the same one.
    const successor = tokens.successorRefresh(input.refresh);
    // The successor is stored with the use, in one transaction: a concurrent repeat sees both or neither.
    const result = await db.transaction(async (tx) => {
      const used = await repo.useRefreshToken(tx, hashToken(input.refresh), {
        arrivedAt,
        successorHash: hashToken(successor),
      });
      if (used.kind === 'ok') {
        await repo.insertRefreshToken(tx, {
          sessionId: used.sessionId,
          tokenHash: hashToken(successor),
          expiresAt: new Date(Date.now() + config.refreshTokenDays * 86_400_000),
        });
      }
      return used;
    });
    if (result.kind === 'reused') {
      // A used token coming back means it was copied: end the whole sign-in, thief and owner alike.
      const userId = await repo.revokeSession(db, result.sessionId, 'refresh_reuse');
      if (userId) deps.authChanged(userId);
      await recordAudit(db, {
        actorId: null,
        action: 'auth.refresh_reuse',
        targetType: 'session',
        targetId: result.sessionId,
        ip,
      });
      throw tokenNotValid('Token is invalid or expired');
    }
    if (result.kind === 'invalid') throw tokenNotValid('Token is invalid or expired');
    const profile = await repo.loadProfile(database, { userId: result.userId, sessionId: result.sessionId });
    if (!profile) throw tokenNotValid('Token is invalid or expired');
    if (!profile.isActive) throw SESSION_OF_INACTIVE_ACCOUNT;
    const access = await tokens.issueAccess({ userId: result.userId, sessionId: result.sessionId });
    if (result.kind === 'ok') {
      // Requests already at the socket are stamped with their arrival first: the embedded database
      // answers without giving the event loop a turn, so a burst's twins would otherwise be read only
      // after this answer and look like copies of it.
      await new Promise((resolve) => setImmediate(resolve));
      // Written before the answer leaves, so a client that has the answer finds it when it replays the token.
      await repo.markRefreshAnswered(db, hashToken(input.refresh), new Date());
    }
    return { access, refresh: successor };
  }

  return {
    async signIn(
      input: { email: string; password: string },
      ip: string,
      userAgent = '',
    ): Promise<SignedIn | OtpRequired> {
      const profile = await repo.loadProfile(database, { email: input.email });
      if (!profile) {
        // A registration waiting for its e-mail check has no account yet; its own password tells why.
        const registrationHash = await repo.openRegistrationPasswordHash(db, input.email);
        const registered = registrationHash !== null && (await verifyPassword(registrationHash, input.password));
        if (registrationHash === null) await burnPasswordCheck(input.password);
        await recordAudit(db, {
          actorId: null,
          action: 'auth.sign_in_failed',
          ip,
          details: { reason: registered ? 'email_not_verified' : 'unknown_email' },
        });
        throw registered ? EMAIL_NOT_VERIFIED : NO_ACTIVE_ACCOUNT;
      }
      const passwordHash = await repo.findPasswordHash(db, profile.id);
      const valid = passwordHash !== null && (await verifyPassword(passwordHash, input.password));
      if (!valid || !profile.isActive) {
        await recordAudit(db, {
          actorId: profile.id,
          action: 'auth.sign_in_failed',
          ip,
          details: { reason: valid ? 'inactive' : 'wrong_password' },
        });
        throw valid ? ACCOUNT_INACTIVE : NO_ACTIVE_ACCOUNT;
      }
      // Told only after the password proved who is asking, so expiry leaks nothing to a guesser.
      if (isPasswordExpired(profile).expired) throw PASSWORD_EXPIRED;

      if (!primaryMembership(profile)?.requiresOtp) return startSession(profile, ip, 'password', userAgent);

      const otpToken = newOpaqueToken();
      const challengeId = crypto.randomUUID();
      const code = newOtpCode(OTP_LENGTH);
      await repo.createOtpChallenge(db, {
        id: challengeId,
        userId: profile.id,
        tokenHash: hashToken(otpToken),
        codeHash: tokens.hashCode(challengeId, code),
        expiresAt: new Date(Date.now() + OTP_VALID_MINUTES * 60_000),
      });
      await mailer.send(otpMail(profile.email, profile.givenName, code));
      await recordAudit(db, { actorId: profile.id, action: 'auth.otp_sent', ip });
      return {
        otpRequired: true,
        otpToken,
        detail: 'We e-mailed you a 6-digit sign-in code. Enter it to finish signing in.',
        resendAvailableIn: OTP_RESEND_SECONDS,
      };
    },

    /** The account an address names, for matching a device cookie before the password is checked. */
    accountIdOf: (email: string): Promise<string | null> => repo.findUserIdByEmail(db, email),

    async verifyOtp(
      input: { email: string; otp: string; otpToken: string },
      ip: string,
      userAgent = '',
    ): Promise<SignedIn> {
      const challenge = await repo.findOtpChallenge(db, hashToken(input.otpToken));
      if (!challenge || challenge.email !== input.email || challenge.consumedAt) throw nonFieldError(SIGN_IN_AGAIN);
      if (challenge.failedAttempts >= OTP_MAX_ATTEMPTS) {
        throw fieldError('otp', 'Too many wrong codes. Please sign in again to get a new code.');
      }
      if (challenge.expiresAt.getTime() <= Date.now()) {
        throw fieldError('otp', 'This code has expired. Request a new code.');
      }
      if (tokens.hashCode(challenge.id, input.otp) !== challenge.codeHash) {
        const attempts = await repo.recordOtpFailure(db, challenge.id);
        await recordAudit(db, { actorId: challenge.userId, action: 'auth.otp_failed', ip, details: { attempts } });
        throw fieldError(
          'otp',
          attempts >= OTP_MAX_ATTEMPTS
            ? 'Too many wrong codes. Please sign in again to get a new code.'
            : 'The code is not correct.',
        );
      }
      if (!(await repo.consumeOtpChallenge(db, challenge.id, OTP_MAX_ATTEMPTS))) throw nonFieldError(SIGN_IN_AGAIN);
      const profile = await repo.loadProfile(database, { userId: challenge.userId });
      if (!profile?.isActive) throw NO_ACTIVE_ACCOUNT;
      return startSession(profile, ip, 'password+otp', userAgent);
    },

    async resendOtp(input: { email: string; otpToken: string }) {
      const challenge = await repo.findOtpChallenge(db, hashToken(input.otpToken));
      if (!challenge || challenge.email !== input.email || challenge.consumedAt) throw nonFieldError(SIGN_IN_AGAIN);
      if (challenge.failedAttempts >= OTP_MAX_ATTEMPTS) throw nonFieldError(SIGN_IN_AGAIN);
      const waitMs = challenge.lastSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - Date.now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests(`Please wait ${seconds} seconds before requesting a new code.`, seconds);
      }
      const profile = await repo.loadProfile(database, { userId: challenge.userId });
      if (!profile?.isActive) throw nonFieldError(SIGN_IN_AGAIN);
      const code = newOtpCode(OTP_LENGTH);
      // The row is claimed first, so two concurrent resends cannot both mail a code.
      const claimed = await repo.renewOtpCode(db, challenge.id, {
        codeHash: tokens.hashCode(challenge.id, code),
        expiresAt: new Date(Date.now() + OTP_VALID_MINUTES * 60_000),
        minIntervalMs: OTP_RESEND_SECONDS * 1000,
      });
      if (!claimed) throw tooManyRequests('Please wait before requesting a new code.', OTP_RESEND_SECONDS);
      await mailer.send(otpMail(profile.email, profile.givenName, code));
      return { detail: 'A new code is on its way.', resendAvailableIn: OTP_RESEND_SECONDS };
    },

    /**
     * Rotates a refresh token. Concurrent refreshes of one token (two tabs, retries) share one rotation
     * and answer the same pair (issue 22); a used token that comes back afterwards is a copy and ends the
     * sign-in (spec §4). In this process the repeats join the rotation in flight; otherwise (another
     * instance, or read after the rotation finished) a repeat that arrived before the rotation answered
     * gets the same derived successor (issue 27), and one that arrived after the answer is a copy.
     *
     * `arrivedAt` is when the request reached the server, not when this runs: the rate limiter and
     * body parsing come first, so two tabs' requests that arrived together may reach here after the
     * first of them has already used the token, and must still count as concurrent (grace), not reuse.
     */
    refresh(input: { refresh: string }, ip: string, arrivedAt = new Date()): Promise<TokenPair> {
      const key = hashToken(input.refresh);
      const inFlight = refreshesInFlight.get(key);
      if (inFlight) return inFlight;
      const rotation = rotateRefresh(input, ip, arrivedAt).finally(() => refreshesInFlight.delete(key));
      refreshesInFlight.set(key, rotation);
      return rotation;
    },

    async logout(actor: Actor, ip: string) {
      await repo.revokeSession(db, actor.sessionId, 'sign_out');
      deps.authChanged(actor.userId);
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'auth.sign_out',
        targetType: 'session',
        targetId: actor.sessionId,
        ip,
      });
      return { detail: 'Signed out.' };
    },

    listGroups: () => repo.listGroups(db),

    async updateSettings(actor: Actor, change: { hidePatientIdentifier?: boolean; casesDefaultTableView?: boolean }) {
      // A key sent without a value is no change: an empty PATCH must not reach the database (it gave 500).
      const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length) {
        await repo.updateUser(db, actor.userId, given);
        deps.authChanged(actor.userId);
      }
      return {
        hide_patient_identifier: change.hidePatientIdentifier ?? actor.profile.hidePatientIdentifier,
        cases_default_table_view: change.casesDefaultTableView ?? actor.profile.casesDefaultTableView,
      };
    },

    async acceptTerms(actor: Actor, ip: string): Promise<UserProfile> {
      await repo.updateUser(db, actor.userId, { hasApprovedTerms: true, previouslyApproved: true });
      deps.authChanged(actor.userId);
      await recordAudit(db, { actorId: actor.userId, action: 'account.accept_terms', ip });
      return { ...actor.profile, hasApprovedTerms: true, previouslyApproved: true };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
