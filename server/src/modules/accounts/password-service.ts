import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SENT,
  PASSWORD_RESET_VALID_MINUTES,
  type PasswordChangeResponse,
  type SessionInfo,
} from '@cardiomap/contract';
import { checkPasswordFully, PASSWORD_HISTORY_SIZE, PASSWORD_MESSAGES } from '@cardiomap/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor, UserProfile } from '../../lib/actor.ts';
import { fieldError, nonFieldError, tooManyRequests, ValidationError } from '../../lib/http-errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { webAppUrl } from '../../mail/links.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { newDeviceMail } from '../../mail/templates/new-device.ts';
import { passwordChangedMail } from '../../mail/templates/password-changed.ts';
import { passwordResetMail } from '../../mail/templates/password-reset.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { recordAudit } from '../audit/index.ts';
import { otpMail } from './otp-mail.ts';
import * as pwRepo from './password-repository.ts';
import * as repo from './repository.ts';
import { hashToken, newOpaqueToken, newOtpCode, type TokenService } from './tokens.ts';

export interface PasswordDeps {
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port'>;
  authChanged(userId: string): void;
  /** After a commit: the outbox rows to send now (`app.dispatchMail`). */
  dispatchMail(ids: readonly (string | null)[]): Promise<void>;
  logMailFailure(error: unknown, subject: string): void;
}

/** A user may ask for this many reset links an hour; more are dropped silently (same answer). */
export const RESET_LINKS_PER_HOUR = 3;
const LINK_INVALID = 'This password reset link is invalid or has already been used. Please request a new one.';
const LINK_EXPIRED = 'This password reset link has expired. Please request a new one.';
const WRONG_OLD_PASSWORD = 'Your old password was entered incorrectly. Please enter it again.';
const HOUR_MS = 3_600_000;

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Forgot/expired password, password change, profile, the session list (issue 19). */
export function createPasswordService(deps: PasswordDeps) {
  const { database, tokens, mailer, config } = deps;
  const { db } = database;
  // Links only from PUBLIC_URL; without it (a local start) the server's own port on localhost.
  const baseUrl = webAppUrl(config);

  /** All rules at once, as field messages; the history needs the stored hashes. */
  async function validateNewPassword(profile: UserProfile, input: { newPassword: string; newPassword2: string }) {
    const fields: Record<string, string[]> = {};
    const check = await checkPasswordFully(input.newPassword, {
      email: profile.email,
      names: [profile.givenName, profile.middleName, profile.familyName],
    });
    if (!check.ok) fields.newPassword = check.errors;
    else {
      const recent = await pwRepo.recentPasswordHashes(db, profile.id, PASSWORD_HISTORY_SIZE);
      for (const hash of recent) {
        if (await verifyPassword(hash, input.newPassword)) {
          fields.newPassword = [PASSWORD_MESSAGES.reused];
          break;
        }
      }
    }
    if (input.newPassword !== input.newPassword2) fields.newPassword2 = [PASSWORD_MESSAGES.mismatch];
    if (Object.keys(fields).length) throw new ValidationError(fields);
  }

  async function setPassword(profile: UserProfile, newPassword: string, keepSessionId?: string) {
    const hash = await hashPassword(newPassword);
    const at = new Date();
    const mailId = await db.transaction(async (tx) => {
      await pwRepo.replacePassword(tx, profile.id, hash, PASSWORD_HISTORY_SIZE);
      await pwRepo.revokeUserSessions(tx, profile.id, 'password_changed', keepSessionId);
      return enqueueMail(queryOn(tx), {
        eventKey: `account.password_changed:${profile.id}:${at.getTime()}`,
        to: profile.email,
        message: passwordChangedMail({ to: profile.email, givenName: profile.givenName, at, baseUrl }),
      });
    });
    deps.authChanged(profile.id);
    await deps.dispatchMail([mailId]);
  }

  async function sendPasswordChangeCode(profile: UserProfile, ip: string): Promise<PasswordChangeResponse> {
    const last = await pwRepo.latestPasswordChangeChallenge(db, profile.id);
    const waitMs = last ? last.lastSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0 && !last?.consumedAt) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(`Please wait ${seconds} seconds before requesting a new code.`, seconds);
    }
    const id = crypto.randomUUID();
    const code = newOtpCode(OTP_LENGTH);
    await pwRepo.createPasswordChangeChallenge(db, {
      id,
      userId: profile.id,
      // Never handed out: the challenge is found by user and purpose, so it cannot finish a sign-in.
      tokenHash: hashToken(newOpaqueToken()),
      codeHash: tokens.hashCode(id, code),
      expiresAt: new Date(Date.now() + OTP_VALID_MINUTES * 60_000),
    });
    await mailer.send({
      ...otpMail(profile.email, profile.givenName, code),
      subject: 'Your CardioMap code to change your password',
    });
    await recordAudit(db, { actorId: profile.id, action: 'account.password_change_otp_sent', ip });
    return {
      otpRequired: true,
      detail: 'We e-mailed you a 6-digit code. Enter it to change your password.',
      resendAvailableIn: OTP_RESEND_SECONDS,
    };
  }

  async function checkPasswordChangeCode(profile: UserProfile, otp: string, ip: string) {
    const challenge = await pwRepo.latestPasswordChangeChallenge(db, profile.id);
    if (!challenge || challenge.consumedAt) throw fieldError('otp', 'Request a new code first.');
    if (challenge.failedAttempts >= OTP_MAX_ATTEMPTS)
      throw fieldError('otp', 'Too many wrong codes. Request a new code.');
    if (challenge.expiresAt.getTime() <= Date.now())
      throw fieldError('otp', 'This code has expired. Request a new code.');
    if (!sameHash(tokens.hashCode(challenge.id, otp), challenge.codeHash)) {
      const attempts = await repo.recordOtpFailure(db, challenge.id);
      await recordAudit(db, { actorId: profile.id, action: 'account.password_change_otp_failed', ip });
      throw fieldError(
        'otp',
        attempts >= OTP_MAX_ATTEMPTS ? 'Too many wrong codes. Request a new code.' : 'The code is not correct.',
      );
    }
    if (!(await repo.consumeOtpChallenge(db, challenge.id, OTP_MAX_ATTEMPTS))) {
      throw fieldError('otp', 'Request a new code first.');
    }
  }

  /**
   * The token, stored hashed, and its mail, in one transaction through the outbox: a worker sends (and
   * retries) it, and a crash after the commit does not lose it; outbox.ts says how long the link rests
   * there. The user's row is locked so that concurrent requests count each other's links.
   */
  async function issueResetLink(profile: UserProfile | null, reason: 'forgot' | 'expired', ip: string) {
    const issued = profile?.isActive
      ? await db.transaction(async (tx) => {
          await pwRepo.lockUserForReset(tx, profile.id);
          const recent = await pwRepo.countResetTokensSince(tx, profile.id, new Date(Date.now() - HOUR_MS));
          if (recent >= RESET_LINKS_PER_HOUR) return null;
          const token = randomBytes(32).toString('base64url');
          const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALID_MINUTES * 60_000);
          const tokenId = await pwRepo.insertResetToken(tx, {
            userId: profile.id,
            tokenHash: hashToken(token),
            expiresAt,
          });
          return enqueueMail(queryOn(tx), {
            eventKey: `account.password_reset:${tokenId}`,
            to: profile.email,
            secretUntil: expiresAt,
            message: passwordResetMail({
              to: profile.email,
              givenName: profile.givenName,
              userId: profile.id,
              token,
              reason,
              baseUrl,
            }),
          });
        })
      : null;
    await recordAudit(db, {
      actorId: profile?.id ?? null,
      action: issued ? 'auth.password_reset_requested' : 'auth.password_reset_refused',
      ip,
      details: issued ? {} : { reason: !profile ? 'unknown_email' : !profile.isActive ? 'inactive' : 'too_many_links' },
    });
    if (issued) await deps.dispatchMail([issued]);
  }

  return {
    /**
     * The same answer, after the same work, for every address: the answer follows one look-up, and
     * everything that differs between a known and an unknown address (the cap, the token, the mail, the
     * audit) happens after it.
     */
    async requestReset(input: { email: string; reason?: 'forgot' | 'expired' }, ip: string) {
      const profile = await repo.loadProfile(database, { email: input.email });
      void issueResetLink(profile, input.reason ?? 'forgot', ip).catch((error: unknown) =>
        deps.logMailFailure(error, 'password reset'),
      );
      return { detail: PASSWORD_RESET_SENT };
    },

    async confirmReset(
      params: { uid: string; token: string },
      input: { newPassword: string; newPassword2: string },
      ip: string,
    ) {
      const presented = hashToken(params.token);
      const candidates = await pwRepo.listResetTokens(db, params.uid, new Date(Date.now() - 24 * HOUR_MS));
      // Every candidate is compared (no early exit), each in constant time.
      let match: pwRepo.ResetTokenRow | undefined;
      for (const row of candidates) if (sameHash(row.tokenHash, presented) && !match) match = row;
      const profile = match ? await repo.loadProfile(database, { userId: params.uid }) : null;
      if (!match || match.usedAt || !profile?.isActive) {
        await burnPasswordCheck(input.newPassword);
        throw nonFieldError(LINK_INVALID);
      }
      if (match.expiresAt.getTime() <= Date.now()) throw nonFieldError(LINK_EXPIRED);
      await validateNewPassword(profile, input);
      if (!(await db.transaction((tx) => pwRepo.consumeResetToken(tx, match.id, profile.id)))) {
        throw nonFieldError(LINK_INVALID);
      }
      await setPassword(profile, input.newPassword);
      await recordAudit(db, { actorId: profile.id, action: 'auth.password_reset', ip });
      return { detail: 'Your password has been changed. Sign in with your new password.' };
    },

    async changePassword(
      actor: Actor,
      input: { oldPassword: string; newPassword: string; newPassword2: string; otp?: string },
      ip: string,
    ): Promise<PasswordChangeResponse> {
      const profile = actor.profile;
      const current = await repo.findPasswordHash(db, profile.id);
      if (!current || !(await verifyPassword(current, input.oldPassword))) {
        await recordAudit(db, { actorId: profile.id, action: 'account.password_change_failed', ip });
        throw fieldError('oldPassword', WRONG_OLD_PASSWORD);
      }
      await validateNewPassword(profile, input);
      const requiresOtp = profile.memberships.find((m) => m.isPrimary)?.requiresOtp ?? false;
      if (requiresOtp) {
        if (!input.otp) return sendPasswordChangeCode(profile, ip);
        await checkPasswordChangeCode(profile, input.otp, ip);
      }
      await setPassword(profile, input.newPassword, actor.sessionId);
      await recordAudit(db, { actorId: profile.id, action: 'account.password_changed', ip });
      return { detail: PASSWORD_CHANGED };
    },

    async changeProfile(
      actor: Actor,
      change: { givenName?: string; middleName?: string; familyName?: string; title?: string; phoneNumber?: string },
    ): Promise<UserProfile> {
      if (Object.keys(change).length) {
        await pwRepo.updateProfile(db, actor.userId, change);
        deps.authChanged(actor.userId);
      }
      return { ...actor.profile, ...change };
    },

    async listSessions(actor: Actor): Promise<SessionInfo[]> {
      const rows = await pwRepo.listOpenSessions(db, actor.userId);
      return rows.map((row) => ({
        id: row.id,
        dateCreated: new Date(row.dateCreated).toISOString(),
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.id === actor.sessionId,
      }));
    },

    async revokeAllSessions(actor: Actor, ip: string) {
      const count = await pwRepo.revokeUserSessions(db, actor.userId, 'sign_out_everywhere');
      deps.authChanged(actor.userId);
      await recordAudit(db, { actorId: actor.userId, action: 'auth.sign_out_everywhere', ip, details: { count } });
      return { detail: 'Signed out everywhere.' };
    },

    /** Sign-out when only the refresh token is left: its whole sign-in ends. */
    async logoutWithRefresh(input: { refresh: string }, ip: string) {
      const sessionId = await pwRepo.sessionOfRefreshToken(db, hashToken(input.refresh));
      const userId = sessionId ? await repo.revokeSession(db, sessionId, 'sign_out') : null;
      if (userId && sessionId) {
        deps.authChanged(userId);
        await recordAudit(db, {
          actorId: userId,
          action: 'auth.sign_out',
          targetType: 'session',
          targetId: sessionId,
          ip,
        });
      }
      return { detail: 'Signed out.' };
    },

    /** After a sign-in: remembers where it came from and tells the user about a browser not seen before. */
    async noteSignIn(profile: UserProfile, sessionId: string, origin: { userAgent: string; ip: string }) {
      const userAgent = origin.userAgent.slice(0, 255);
      await pwRepo.recordSessionOrigin(db, sessionId, { userAgent, ip: origin.ip.slice(0, 64) });
      const device = await pwRepo.knownDevice(db, profile.id, userAgent, sessionId);
      if (device.signedInBefore && !device.seenAgent) {
        const mailId = await enqueueMail(queryOn(db), {
          eventKey: `account.new_device:${sessionId}`,
          to: profile.email,
          message: newDeviceMail({
            to: profile.email,
            givenName: profile.givenName,
            at: new Date(),
            userAgent,
            ip: origin.ip,
            baseUrl,
          }),
        });
        await deps.dispatchMail([mailId]);
      }
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
