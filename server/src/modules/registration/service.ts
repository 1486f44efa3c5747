import {
  ORGANISATION_SEARCH_LIMIT,
  type OrganisationChoice,
  type RegistrationAccepted,
  VERIFICATION_RESEND_SECONDS,
  VERIFICATION_VALID_HOURS,
  VerificationErrorCode,
} from '@cardiomap/contract';
import { checkPasswordFully } from '@cardiomap/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn, queryOnPool } from '../../db/query.ts';
import { fieldError, HttpError, ValidationError } from '../../lib/http-errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { emailVerificationMail } from '../../mail/templates/email-verification.ts';
import { existingAccountMail } from '../../mail/templates/existing-account.ts';
import { recordAudit } from '../audit/index.ts';
import { takeMailAllowance } from '../rate-limits/index.ts';
import { claimInvitations } from '../sharing/index.ts';
import { createPendingUser } from '../users/index.ts';
import * as repo from './repository.ts';
import { newVerificationKey, parseVerificationKey, verifierMatches } from './verification-key.ts';

export interface RegistrationDeps {
  database: Database;
  /** After the commit: the workers send the outbox rows (retried there), the request never waits. */
  dispatchMail(ids: readonly (string | null)[]): Promise<void>;
  /** Where the web app is served (PUBLIC_URL): every link in a mail starts here, never at a Host header. */
  baseUrl: string;
}

export interface RegisterInput {
  givenName: string;
  middleName: string;
  familyName: string;
  title: string;
  phoneNumber: string;
  email: string;
  password: string;
  organisationId?: string | null;
  organisationName?: string;
}

/**
 * Registration mail (links, new links, "you already have an account") to one address an hour, whoever
 * asks: beyond it the request is answered the same and nothing is stored or sent (issue 27).
 */
export const REGISTRATION_MAILS_PER_HOUR = 5;
const MAIL_RULE = { max: REGISTRATION_MAILS_PER_HOUR, windowMs: 3_600_000 };
const VALID_MS = VERIFICATION_VALID_HOURS * 3_600_000;
const RESEND_MS = VERIFICATION_RESEND_SECONDS * 1000;

const INVALID = new HttpError(
  404,
  VerificationErrorCode.invalid,
  'This verification link is not valid. It may have been replaced by a newer one. Ask for a new link below.',
);
const USED = new HttpError(
  409,
  VerificationErrorCode.used,
  'This link has already been used: your e-mail address is verified. Sign in to continue.',
);
const ACCOUNT_EXISTS = new HttpError(
  409,
  VerificationErrorCode.used,
  'An account with this e-mail address already exists. Sign in with its password, or choose a new one.',
);
const EXPIRED = new HttpError(
  410,
  VerificationErrorCode.expired,
  `This link has expired: links work for ${VERIFICATION_VALID_HOURS} hours. Ask for a new link below.`,
);

/** One answer for every outcome, so neither the status nor the body says whether an address has an account. */
const accepted = (email: string): RegistrationAccepted => ({
  detail: `We sent an e-mail to ${email}. Open the link in it to verify your address; it works for ${VERIFICATION_VALID_HOURS} hours.`,
  email,
  resendAvailableIn: VERIFICATION_RESEND_SECONDS,
});

const fullName = (r: { title: string; givenName: string; middleName: string; familyName: string }) =>
  [r.title, r.givenName, r.middleName, r.familyName].filter(Boolean).join(' ');

/** Registration, e-mail verification and new links (spec §5 "New user", §7 registration/, emailverification/). */
export function createRegistrationService(deps: RegistrationDeps) {
  const { db } = deps.database;
  const mailAllowed = (email: string) => takeMailAllowance(queryOnPool(deps.database), email, MAIL_RULE);
  const refusedForMail = (email: string, ip: string, action: string) =>
    recordAudit(db, { actorId: null, action, ip, details: { reason: 'too_many_mails' } }).then(() => accepted(email));

  /**
   * In the transaction that made the link, so a link is mailed only if it was stored. The outbox keeps
   * the body (and so the link) only until it is sent, and never past the link's expiry (`secretUntil`);
   * the database otherwise holds the verifier's hash.
   */
  const enqueueVerification = (
    tx: DbOrTx,
    registration: repo.NewRegistration & { id: string },
    key: string,
  ): Promise<string | null> =>
    enqueueMail(queryOn(tx), {
      eventKey: `account.verify_email:${registration.id}:${registration.selector}`,
      to: registration.email,
      secretUntil: registration.expiresAt,
      message: emailVerificationMail({
        givenName: registration.givenName,
        fullName: fullName({ middleName: '', title: '', ...registration }),
        organisationName: registration.organisationName,
        verificationKey: key,
        baseUrl: deps.baseUrl,
      }),
    });

  async function organisationNameOf(input: RegisterInput): Promise<{ id: string | null; name: string }> {
    if (!input.organisationId) return { id: null, name: input.organisationName ?? '' };
    const name = await repo.findOrganisationName(db, input.organisationId);
    if (name === null) throw fieldError('organisationId', 'No organisation matches the given id.');
    return { id: input.organisationId, name };
  }

  return {
    async register(input: RegisterInput, ip: string): Promise<RegistrationAccepted> {
      const check = await checkPasswordFully(input.password, {
        email: input.email,
        names: [input.givenName, input.middleName, input.familyName],
      });
      if (!check.ok) throw new ValidationError({ password: check.errors });
      const organisation = await organisationNameOf(input);
      // Hashed on both paths below, so the answer takes as long for a known address as for a new one.
      const passwordHash = await hashPassword(input.password);
      // Counted before anything is stored: beyond the cap a registration voids no earlier one either.
      if (!(await mailAllowed(input.email))) return refusedForMail(input.email, ip, 'account.register_refused');

      const existingId = await repo.findUserIdByEmail(db, input.email);
      if (existingId) {
        const mailId = await db.transaction(async (tx) => {
          await recordAudit(tx, { actorId: existingId, action: 'account.register_existing', ip });
          return enqueueMail(queryOn(tx), {
            // Each attempt is its own event: the rate limit per address, not the key, bounds these mails.
            eventKey: `account.register_existing:${existingId}:${crypto.randomUUID()}`,
            to: input.email,
            message: existingAccountMail({ to: input.email, baseUrl: deps.baseUrl }),
          });
        });
        await deps.dispatchMail([mailId]);
        return accepted(input.email);
      }

      const key = newVerificationKey();
      const registration: repo.NewRegistration = {
        email: input.email,
        passwordHash,
        givenName: input.givenName,
        middleName: input.middleName,
        familyName: input.familyName,
        title: input.title,
        phoneNumber: input.phoneNumber,
        organisationId: organisation.id,
        organisationName: organisation.name,
        selector: key.selector,
        verifierHash: key.verifierHash,
        expiresAt: new Date(Date.now() + VALID_MS),
      };
      const mailId = await db.transaction(async (tx) => {
        // Only the newest registration's link works: whoever registered the address before (perhaps a
        // stranger, with a password of their choosing) loses theirs in this same transaction.
        await repo.lockAddress(tx, input.email);
        const voided = await repo.voidOpenRegistrations(tx, input.email);
        const id = await repo.insertRegistration(tx, registration);
        await recordAudit(tx, {
          actorId: null,
          action: 'account.register',
          targetType: 'registration',
          targetId: id,
          ip,
          details: { organisationId: organisation.id, newOrganisation: organisation.id === null, voided },
        });
        return enqueueVerification(tx, { ...registration, id }, key.key);
      });
      await deps.dispatchMail([mailId]);
      return accepted(input.email);
    },

    /**
     * Opens the link: single use, 24 hours. The account is created here, and the cases shared with the
     * address before it existed become the account's, since only now is the address proven.
     */
    async verify(verificationKey: string, ip: string): Promise<{ detail: string; email: string }> {
      const parsed = parseVerificationKey(verificationKey);
      if (!parsed) throw INVALID;
      const registration = await repo.findRegistrationBySelector(db, parsed.selector);
      if (!registration || !verifierMatches(registration.verifierHash, parsed.verifier)) throw INVALID;
      if (registration.verifiedAt) throw USED;
      const now = new Date();
      if (registration.expiresAt.getTime() <= now.getTime()) throw EXPIRED;

      const created = await db.transaction(async (tx) => {
        if (!(await repo.claimVerification(tx, registration.id, now))) {
          // Voided meanwhile by a newer registration of the address: that one's link is the valid one.
          throw (await repo.findRegistrationBySelector(tx, parsed.selector)) ? USED : INVALID;
        }
        const userId = await createPendingUser(tx, {
          email: registration.email,
          passwordHash: registration.passwordHash,
          givenName: registration.givenName,
          middleName: registration.middleName,
          familyName: registration.familyName,
          title: registration.title,
          phoneNumber: registration.phoneNumber,
          organisationRequest: registration.organisationName,
        });
        if (!userId) {
          // The address got an account meanwhile (another registration, an administrator): keep that one.
          await recordAudit(tx, {
            actorId: null,
            action: 'account.verify_existing',
            targetType: 'registration',
            targetId: registration.id,
            ip,
          });
          return false;
        }
        await repo.completeRegistration(tx, registration.id, userId);
        const caseIds = await claimInvitations(tx, userId, registration.email);
        await recordAudit(tx, {
          actorId: userId,
          action: 'account.email_verified',
          targetType: 'registration',
          targetId: registration.id,
          ip,
          details: { sharedCaseIds: caseIds },
        });
        return true;
      });
      if (!created) throw ACCOUNT_EXISTS;
      return { detail: 'Your e-mail address is verified. Sign in to continue.', email: registration.email };
    },

    /**
     * A new link for the registration this address and password made. Answers the same whatever is
     * found, and at most one link per minute goes out; an address whose registrations were all verified
     * gets nothing (its owner signs in).
     */
    async resend(input: { email: string; password: string }, ip: string): Promise<RegistrationAccepted> {
      // Only the newest registration gets a new link: an older one was voided by it, whoever knows its password.
      const newest = await repo.newestOpenRegistration(db, input.email);
      const match = newest && (await verifyPassword(newest.passwordHash, input.password)) ? newest : null;
      if (!newest) await burnPasswordCheck(input.password);
      if (!match) return accepted(input.email);
      if (!(await mailAllowed(input.email))) return refusedForMail(input.email, ip, 'account.verification_refused');

      const key = newVerificationKey();
      const registration = match;
      const expiresAt = new Date(Date.now() + VALID_MS);
      const mailId = await db.transaction(async (tx) => {
        await repo.lockAddress(tx, registration.email);
        // Rows left from before registrations voided each other: their links end with this one's renewal.
        // A registration newer than this one has voided it instead, and the renewal below finds no row.
        await repo.voidOpenRegistrations(tx, registration.email, registration.dateCreated);
        const renewed = await repo.renewVerificationKey(tx, registration.id, {
          selector: key.selector,
          verifierHash: key.verifierHash,
          expiresAt,
          minIntervalMs: RESEND_MS,
        });
        if (!renewed) return null;
        await recordAudit(tx, {
          actorId: null,
          action: 'account.verification_resent',
          targetType: 'registration',
          targetId: registration.id,
          ip,
        });
        return enqueueVerification(tx, { ...registration, selector: key.selector, expiresAt }, key.key);
      });
      await deps.dispatchMail([mailId]);
      return accepted(input.email);
    },

    searchOrganisations: (search: string): Promise<OrganisationChoice[]> =>
      repo.searchOrganisations(db, search, ORGANISATION_SEARCH_LIMIT),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
