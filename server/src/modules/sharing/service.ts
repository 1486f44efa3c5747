import type { Case } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { findVisibleCase, type VisibleCase } from '../../access/case-access.ts';
import type { Database, Tx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, forbidden, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { caseSharedMail } from '../../mail/templates/case-shared.ts';
import { recordAudit } from '../audit/index.ts';
import { presentCase } from '../cases/index.ts';
import * as repo from './repository.ts';

export interface ShareInput {
  email?: string;
  deviceId?: string;
}

export interface SharingDeps {
  database: Database;
  /** After the commit: the workers send the outbox rows (retried there), the request never waits. */
  dispatchMail(ids: readonly (string | null)[]): Promise<void>;
}

export interface RequestContext {
  ip: string;
  /** Where the web app is served, for the links in the invitation. */
  baseUrl: string;
}

/**
 * Invitations are mail to any address the user types: caps per user and per case keep a stolen or
 * careless account from turning the server into a mail cannon. Generous for real work (a case goes to
 * a handful of people).
 */
export const INVITATION_LIMITS = { perUserPerHour: 30, perCasePerHour: 10 } as const;

/** Spec §5 "Share" and §6: invite by e-mail, or the Field Clinical Specialists of a device; revoke. */
export function createSharingService(deps: SharingDeps) {
  const { db } = deps.database;

  /** Only a case of the actor's own reach may be shared or unshared: never one shared to them. */
  async function shareableCase(actor: Actor, caseId: string): Promise<VisibleCase> {
    if (!actor.permissions.has(P.addSharedCase)) throw forbidden('You do not have permission to share cases.');
    const theCase = await findVisibleCase(db, actor, caseId);
    if (theCase.isSharedToActor) throw forbidden('A case shared with you cannot be shared by you.');
    return theCase;
  }

  async function recipientsOf(actor: Actor, input: ShareInput): Promise<repo.Recipient[]> {
    if (input.email !== undefined) {
      const user = await repo.findUserByEmail(db, input.email);
      if (user?.id === actor.userId) throw fieldError('email', 'You cannot share a case with yourself.');
      return [{ userId: user?.id ?? null, email: input.email }];
    }
    const deviceId = input.deviceId ?? '';
    if (!(await repo.deviceExists(db, deviceId))) throw fieldError('deviceId', 'No device matches the given id.');
    const specialists = (await repo.findSpecialists(db, deviceId)).filter((s) => s.userId !== actor.userId);
    if (specialists.length === 0) {
      throw fieldError('deviceId', 'No Field Clinical Specialist is specialised in this device.');
    }
    return specialists;
  }

  /** Call in the transaction that shares: the counts stay locked until it commits (repo.lockInvitationCounts). */
  async function withinInvitationLimits(tx: Tx, actor: Actor, caseId: string, adding: number): Promise<void> {
    await repo.lockInvitationCounts(tx, actor.userId, caseId);
    const recent = await repo.recentInvitations(tx, actor.userId, caseId);
    if (recent.byActor + adding > INVITATION_LIMITS.perUserPerHour) {
      throw tooManyRequests(
        `You can send at most ${INVITATION_LIMITS.perUserPerHour} invitations an hour. Please try again later.`,
        3600,
      );
    }
    if (recent.toCase + adding > INVITATION_LIMITS.perCasePerHour) {
      throw tooManyRequests(
        `This case can be shared at most ${INVITATION_LIMITS.perCasePerHour} times an hour. Please try again later.`,
        3600,
      );
    }
  }

  return {
    /**
     * Idempotent per address: sharing again adds no row and mails no second invitation. The invitation
     * is written to the mail outbox in the transaction that shares (so only a share that exists is
     * mailed) and sent by the workers after the commit: a slow or failing mail server neither delays
     * nor fails the request, and the send is retried (mail/outbox.ts).
     */
    async share(actor: Actor, caseId: string, input: ShareInput, ctx: RequestContext): Promise<Case> {
      const theCase = await shareableCase(actor, caseId);
      const recipients = await recipientsOf(actor, input);
      const sharedByName = `${actor.profile.givenName} ${actor.profile.familyName}`.trim() || actor.email;
      const mailIds = await db.transaction(async (tx) => {
        await withinInvitationLimits(tx, actor, caseId, recipients.length);
        const ids: (string | null)[] = [];
        for (const recipient of recipients) {
          const created = await repo.insertShare(tx, { caseId, recipient, sharedById: actor.userId });
          if (!created) continue;
          await recordAudit(tx, {
            actorId: actor.userId,
            action: 'case.share',
            targetType: 'case',
            targetId: caseId,
            organisationId: theCase.organisationId,
            ip: ctx.ip,
            details: { email: recipient.email, pending: recipient.userId === null, deviceId: input.deviceId ?? null },
          });
          // Keyed by the share: a revoked and renewed share is a new invitation, a repeated request is not.
          ids.push(
            await enqueueMail(queryOn(tx), {
              eventKey: `case.share:${created.id}`,
              to: recipient.email,
              message: caseSharedMail({
                to: recipient.email,
                userId: recipient.userId,
                caseId,
                caseIdentifier: theCase.caseIdentifier,
                sharedByName,
                baseUrl: ctx.baseUrl,
              }),
            }),
          );
        }
        return ids;
      });
      await deps.dispatchMail(mailIds);
      return presentCase(db, actor, caseId);
    },

    /** Access ends at once: visibility is read from shared_cases on every request. */
    async revoke(actor: Actor, caseId: string, userOrShareId: string, ip: string): Promise<undefined> {
      const theCase = await shareableCase(actor, caseId);
      await db.transaction(async (tx) => {
        const removed = await repo.deleteShare(tx, caseId, userOrShareId);
        if (!removed) throw notFound('No share matches the given ids.');
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'case.revoke',
          targetType: 'case',
          targetId: caseId,
          organisationId: theCase.organisationId,
          ip,
          details: { email: removed.email, pending: removed.userId === null },
        });
      });
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
