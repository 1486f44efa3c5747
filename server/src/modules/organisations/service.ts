import {
  type ApproveRegistration,
  ORGANISATION_MESSAGES as M,
  type Organisation,
  type OrganisationCreate,
  type OrganisationPatch,
  REGISTRATION_DECISION_MESSAGES as R,
} from '@cardiomap/contract';
import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden, notFound, ValidationError } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { registrationApprovedMail, registrationDeclinedMail } from '../../mail/templates/registration-decided.ts';
import { recordAudit } from '../audit/index.ts';
import { createMember, deactivateDeclinedUser, refuseUngrantableGroups } from '../users/index.ts';
import { generateCode } from './code.ts';
import { presentOrganisation } from './presenter.ts';
import * as repo from './repository.ts';

export interface OrganisationsDeps {
  database: Database;
  dispatchMail(ids: readonly (string | null)[]): Promise<void>;
  baseUrl: string;
  /** Tells this instance's auth caches at once that a user's roles or state changed. */
  authChanged(userId: string): void;
}

/** Spec §6: administration needs every one of the five permissions. */
function requireAdministrator(actor: Actor): void {
  if (!EDIT_USERS_AND_ORGANISATIONS.every((p) => actor.permissions.has(p))) throw forbidden();
}

/** An administrator without accounts.all_organisations sees only their own organisations. */
const scopeOf = (actor: Actor): readonly string[] | undefined =>
  actor.isSuperuser || actor.permissions.has(PERMISSIONS.allOrganisations) ? undefined : actor.organisationIds;

const visible = (actor: Actor, id: string) => scopeOf(actor)?.includes(id) ?? true;

/** Spec §5: days 0 turns expiry off (and 0 is stored); any other value turns it on. */
const expiry = (days: number | undefined) =>
  days === undefined ? {} : { passwordExpires: days > 0, passwordExpirationDays: days };

async function checkReferences(
  db: DbOrTx,
  actor: Actor,
  input: { regionId?: string; distributorId?: string | null },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.regionId && !(await repo.regionExists(db, input.regionId))) errors.regionId = [M.region];
  if (input.distributorId) {
    const ok = visible(actor, input.distributorId) && (await repo.organisationExists(db, input.distributorId));
    if (!ok) errors.distributorId = ['No organisation matches the given id.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export function createOrganisationsService(deps: OrganisationsDeps) {
  const { db } = deps.database;

  /** Creates inside the caller's transaction; the audit line holds the values made. */
  async function insert(tx: DbOrTx, actor: Actor, input: OrganisationCreate, ip: string): Promise<string> {
    await checkReferences(tx, actor, input);
    const given = input.code ?? '';
    if (given && (await repo.codeTaken(tx, given))) throw fieldError('code', M.codeTaken);
    const code = given || (await generateCode(input.name, (c) => repo.codeTaken(tx, c)));
    const id = await repo.insertOrganisation(tx, {
      code,
      name: input.name,
      country: input.country,
      regionId: input.regionId,
      allowDataProcessing: input.allowDataProcessing ?? true,
      dataProcessingContract: input.dataProcessingContract || 'default',
      hasConfidentialityAgreement: input.hasConfidentialityAgreement ?? false,
      requiresOtp: input.requiresOtp ?? false,
      distributorId: input.distributorId ?? null,
      ...expiry(input.passwordExpirationDays ?? 180),
    });
    if (!id) throw fieldError('code', M.codeTaken);
    const after = await repo.findOrganisation(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'organisation.create',
      targetType: 'organisation',
      targetId: id,
      organisationId: id,
      ip,
      details: { after },
    });
    return id;
  }

  const present = async (id: string): Promise<Organisation> => {
    const row = await repo.findOrganisation(db, id);
    if (!row) throw notFound();
    return presentOrganisation(row);
  };

  return {
    async regions(actor: Actor) {
      requireAdministrator(actor);
      return repo.listRegions(db);
    },

    /**
     * Administrators (within their scope), and whoever sees every organisation anyway: the organisation
     * pickers of the licences page (Venus Sales …) search here by name and code.
     */
    async list(actor: Actor, filter: { name?: string; code?: string }, page: PageRequest) {
      if (scopeOf(actor) !== undefined) requireAdministrator(actor);
      const { count, rows } = await repo.listOrganisations(
        db,
        { ...filter, onlyIds: scopeOf(actor) },
        pageWindow(page),
      );
      return { count, rows: rows.map(presentOrganisation) };
    },

    async create(actor: Actor, input: OrganisationCreate, ip: string): Promise<Organisation> {
      requireAdministrator(actor);
      const id = await db.transaction((tx) => insert(tx, actor, input, ip));
      return present(id);
    },

    async update(actor: Actor, id: string, patch: OrganisationPatch, ip: string): Promise<Organisation> {
      requireAdministrator(actor);
      if (!visible(actor, id)) throw notFound();
      await db.transaction(async (tx) => {
        const before = await repo.findOrganisation(tx, id, true);
        if (!before) throw notFound();
        if (patch.distributorId === id)
          throw fieldError('distributorId', 'An organisation cannot be its own distributor.');
        await checkReferences(tx, actor, patch);
        const { passwordExpirationDays, ...rest } = patch;
        // The profile-version triggers make members' next request see MFA and expiry changes.
        await repo.updateOrganisation(tx, id, { ...rest, ...expiry(passwordExpirationDays) });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'organisation.update',
          targetType: 'organisation',
          targetId: id,
          organisationId: id,
          ip,
          details: { before, after: await repo.findOrganisation(tx, id) },
        });
      });
      return present(id);
    },

    async remove(actor: Actor, id: string, ip: string): Promise<undefined> {
      requireAdministrator(actor);
      if (!visible(actor, id)) throw notFound();
      await db.transaction(async (tx) => {
        const before = await repo.findOrganisation(tx, id, true);
        if (!before) throw notFound();
        const held = await repo.dependantsOf(tx, id);
        if (held.cases > 0) throw conflict(M.hasCases, 'organisation_has_cases');
        if (held.members > 0) throw conflict(M.hasMembers, 'organisation_has_members');
        await repo.deleteOrganisation(tx, id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'organisation.delete',
          targetType: 'organisation',
          targetId: id,
          ip,
          details: { before },
        });
      });
      return undefined;
    },

    async pending(actor: Actor, page: PageRequest) {
      requireAdministrator(actor);
      const { count, rows } = await repo.listPendingUsers(db, pageWindow(page));
      return {
        count,
        rows: rows.map((r) => ({ ...r, dateCreated: new Date(r.dateCreated).toISOString() })),
      };
    },

    async approve(actor: Actor, userId: string, input: ApproveRegistration, ip: string) {
      requireAdministrator(actor);
      const names = await repo.groupNames(db, input.groups);
      if (names.length !== input.groups.length) throw fieldError('groups', R.unknownRole);
      if (input.organisationId && !visible(actor, input.organisationId)) {
        throw fieldError('organisationId', 'No organisation matches the given id.');
      }
      const { organisationId, mailId } = await db.transaction(async (tx) => {
        // The same grant rule as users/ and group-memberships/ (issue 27): only roles the approver could hold.
        await refuseUngrantableGroups(tx, actor, input.groups);
        const user = await repo.lockPendingUser(tx, userId);
        if (!user) {
          if (await repo.userExists(tx, userId)) throw conflict(R.notPending, 'not_pending');
          throw notFound();
        }
        let target = input.organisationId ?? null;
        if (target && !(await repo.organisationExists(tx, target))) {
          throw fieldError('organisationId', 'No organisation matches the given id.');
        }
        if (!target && input.newOrganisation) {
          target = await insert(tx, actor, input.newOrganisation, ip).catch((error: unknown) => {
            throw error instanceof ValidationError ? new ValidationError({ newOrganisation: error.fields }) : error;
          });
        }
        if (!target) throw fieldError('organisationId', R.organisation);
        await createMember(tx, { userId, organisationId: target, groupNames: names });
        const organisation = await repo.findOrganisation(tx, target);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'registration.approve',
          targetType: 'user',
          targetId: userId,
          organisationId: target,
          ip,
          details: {
            before: { organisationRequest: user.organisationRequest, organisationIds: [], roles: [] },
            after: { organisationIds: [target], primaryOrganisationId: target, roles: names },
          },
        });
        const id = await enqueueMail(queryOn(tx), {
          eventKey: `registration.approved:${userId}:${target}`,
          to: user.email,
          message: registrationApprovedMail({
            givenName: user.givenName,
            organisationName: organisation?.name ?? '',
            baseUrl: deps.baseUrl,
          }),
        });
        return { organisationId: target, mailId: id };
      });
      deps.authChanged(userId);
      await deps.dispatchMail([mailId]);
      return { organisationId };
    },

    async decline(actor: Actor, userId: string, reason: string, ip: string): Promise<undefined> {
      requireAdministrator(actor);
      const mailId = await db.transaction(async (tx) => {
        const user = await repo.lockPendingUser(tx, userId);
        if (!user) {
          if (await repo.userExists(tx, userId)) throw conflict(R.notPending, 'not_pending');
          throw notFound();
        }
        // Deactivated rather than deleted: the audit trail keeps pointing at a real account.
        await deactivateDeclinedUser(tx, userId);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'registration.decline',
          targetType: 'user',
          targetId: userId,
          ip,
          details: { reason, before: { isActive: true }, after: { isActive: false } },
        });
        return enqueueMail(queryOn(tx), {
          eventKey: `registration.declined:${userId}`,
          to: user.email,
          message: registrationDeclinedMail({ givenName: user.givenName, reason, baseUrl: deps.baseUrl }),
        });
      });
      deps.authChanged(userId);
      await deps.dispatchMail([mailId]);
      return undefined;
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
