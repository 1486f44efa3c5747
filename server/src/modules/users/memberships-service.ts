import {
  ADMIN_USER_MESSAGES,
  type createOrganisationMembershipSchema,
  type GroupMembership,
  type OrganisationMembership,
  type Specialisation,
  type updateOrganisationMembershipSchema,
} from '@cardiomap/contract';
import { FIELD_CLINICAL_SPECIALIST } from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, nonFieldError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import * as users from './admin-repository.ts';
import {
  ADMIN_MESSAGES,
  adminScope,
  findManageableUser,
  findVisibleUser,
  type RequestContext,
  refuseSelfLockout,
  requireAdmin,
} from './admin-service.ts';
import { refuseUngrantableGroups } from './grant-guard.ts';
import * as repo from './memberships-repository.ts';

export const MEMBERSHIP_MESSAGES = {
  hasRole: 'The user already has this role.',
  noSuchRole: 'No group membership matches the given query.',
  isMember: 'The user is already a member of this organisation.',
  noSuchMembership: 'No organisation membership matches the given query.',
  hasDevice: 'The user already has this device.',
  noSuchSpecialisation: 'No specialisation matches the given query.',
} as const;

type NewMembership = z.output<typeof createOrganisationMembershipSchema>;
type MembershipChange = z.output<typeof updateOrganisationMembershipSchema>;

/**
 * group-memberships/, organisation-memberships/ and specialisations/ (spec §7): one role, organisation or
 * device of a user at a time, under the same rules as users/ PATCH: the five permissions, the
 * administrator's organisations (others answer 404), one primary organisation, a Field Clinical
 * Specialist keeps a device, no one removes their own administration. Each change is audited and the
 * user's next request sees it.
 */
export function createMembershipsService(database: Database, authChanged: (userId: string) => void) {
  const { db } = database;

  /** Runs a change in a transaction, audits it against the user and tells the auth cache. */
  async function change<T>(
    actor: Actor,
    userId: string,
    ctx: RequestContext,
    action: string,
    work: (tx: DbOrTx, user: users.AdminUserRow) => Promise<{ result: T; details: object }>,
  ): Promise<T> {
    requireAdmin(actor);
    return db
      .transaction(async (tx) => {
        const user = await findManageableUser(tx, actor, userId);
        const { result, details } = await work(tx, user);
        await recordAudit(tx, {
          actorId: actor.userId,
          action,
          targetType: 'user',
          targetId: userId,
          ip: ctx.ip,
          details: details as Record<string, unknown>,
        });
        return result;
      })
      .finally(() => authChanged(userId));
  }

  /** A membership the administrator may see: its user and its organisation within the scope. */
  async function visibleMembership(tx: DbOrTx, actor: Actor, id: string) {
    const membership = await repo.findOrganisationMembership(tx, id);
    const scope = adminScope(actor);
    if (!membership || (scope && !scope.includes(membership.organisationId))) {
      throw notFound(MEMBERSHIP_MESSAGES.noSuchMembership);
    }
    return membership;
  }

  async function isFieldClinicalSpecialist(tx: DbOrTx, groups: readonly number[]) {
    const fcs = await users.groupIdByName(tx, FIELD_CLINICAL_SPECIALIST);
    return fcs !== null && groups.includes(fcs);
  }

  return {
    async listGroupMemberships(actor: Actor, userId: string): Promise<GroupMembership[]> {
      requireAdmin(actor);
      const user = await findVisibleUser(db, actor, userId);
      return user.groups.map((group) => ({ group, userId }));
    },

    createGroupMembership(actor: Actor, body: GroupMembership, ctx: RequestContext): Promise<GroupMembership> {
      return change(actor, body.userId, ctx, 'group_membership.create', async (tx, user) => {
        if ((await users.existingIds(tx, 'groups', [body.group])).size === 0) {
          throw fieldError('group', ADMIN_MESSAGES.unknownGroup);
        }
        await refuseUngrantableGroups(tx, actor, [body.group]);
        if ((await isFieldClinicalSpecialist(tx, [body.group])) && user.specialisations.length === 0) {
          throw fieldError('group', ADMIN_USER_MESSAGES.fcsNeedsDevice);
        }
        if (!(await repo.insertGroupMembership(tx, body.group, body.userId))) {
          throw fieldError('group', MEMBERSHIP_MESSAGES.hasRole);
        }
        return { result: body, details: { after: body } };
      });
    },

    deleteGroupMembership(actor: Actor, params: GroupMembership, ctx: RequestContext): Promise<void> {
      return change(actor, params.userId, ctx, 'group_membership.delete', async (tx, user) => {
        if (!user.groups.includes(params.group)) throw notFound(MEMBERSHIP_MESSAGES.noSuchRole);
        await refuseUngrantableGroups(tx, actor, [params.group]);
        const groups = user.groups.filter((g) => g !== params.group);
        if (params.userId === actor.userId) await refuseSelfLockout(tx, user, { groups });
        await repo.deleteGroupMembership(tx, params.group, params.userId);
        return { result: undefined, details: { before: params } };
      });
    },

    async listOrganisationMemberships(actor: Actor, userId: string): Promise<OrganisationMembership[]> {
      requireAdmin(actor);
      const user = await findVisibleUser(db, actor, userId);
      const scope = adminScope(actor);
      return user.memberships
        .filter((m) => !scope || scope.includes(m.organisationId))
        .map(({ id, organisationId, isPrimary, contact }) => ({ id, organisationId, userId, isPrimary, contact }));
    },

    createOrganisationMembership(actor: Actor, body: NewMembership, ctx: RequestContext) {
      return change(actor, body.userId, ctx, 'organisation_membership.create', async (tx) => {
        const scope = adminScope(actor);
        const known = await users.existingIds(tx, 'organisations', [body.organisationId]);
        // Outside a limited administrator's organisations reads as unknown, as in users/ POST.
        if (!known.has(body.organisationId) || (scope && !scope.includes(body.organisationId))) {
          throw fieldError('organisationId', ADMIN_MESSAGES.unknownOrganisation);
        }
        const created = await repo.insertOrganisationMembership(tx, body);
        if (!created) throw fieldError('organisationId', MEMBERSHIP_MESSAGES.isMember);
        if (created.isPrimary) await repo.clearOtherPrimaries(tx, body.userId, created.id);
        return { result: created, details: { after: created } };
      });
    },

    async updateOrganisationMembership(actor: Actor, id: string, body: MembershipChange, ctx: RequestContext) {
      requireAdmin(actor);
      const before = await visibleMembership(db, actor, id);
      return change(actor, before.userId, ctx, 'organisation_membership.update', async (tx) => {
        const updated = await repo.updateOrganisationMembership(tx, id, body);
        if (updated.isPrimary) await repo.clearOtherPrimaries(tx, updated.userId, id);
        return { result: updated, details: { before, after: updated } };
      });
    },

    async deleteOrganisationMembership(actor: Actor, id: string, ctx: RequestContext): Promise<void> {
      requireAdmin(actor);
      const before = await visibleMembership(db, actor, id);
      if (before.userId === actor.userId && adminScope(actor) !== null) {
        // A limited administrator manages through memberships: leaving one would hide its own account.
        throw nonFieldError(ADMIN_MESSAGES.selfLockout);
      }
      await change(actor, before.userId, ctx, 'organisation_membership.delete', async (tx) => {
        await repo.deleteOrganisationMembership(tx, id);
        return { result: undefined, details: { before } };
      });
    },

    async listSpecialisations(actor: Actor, userId: string): Promise<Specialisation[]> {
      requireAdmin(actor);
      const user = await findVisibleUser(db, actor, userId);
      return user.specialisations.map((s) => ({ ...s, userId }));
    },

    createSpecialisation(actor: Actor, body: { userId: string; deviceId: string }, ctx: RequestContext) {
      return change(actor, body.userId, ctx, 'specialisation.create', async (tx) => {
        if ((await users.existingIds(tx, 'devices', [body.deviceId])).size === 0) {
          throw fieldError('deviceId', ADMIN_MESSAGES.unknownDevice);
        }
        const created = await repo.insertSpecialisation(tx, body.userId, body.deviceId);
        if (!created) throw fieldError('deviceId', MEMBERSHIP_MESSAGES.hasDevice);
        return { result: created, details: { after: created } };
      });
    },

    async deleteSpecialisation(actor: Actor, id: string, ctx: RequestContext): Promise<void> {
      requireAdmin(actor);
      const before = await repo.findSpecialisation(db, id);
      if (!before) throw notFound(MEMBERSHIP_MESSAGES.noSuchSpecialisation);
      await change(actor, before.userId, ctx, 'specialisation.delete', async (tx, user) => {
        if (user.specialisations.length === 1 && (await isFieldClinicalSpecialist(tx, user.groups))) {
          throw nonFieldError(ADMIN_USER_MESSAGES.fcsNeedsDevice);
        }
        await repo.deleteSpecialisation(tx, id);
        return { result: undefined, details: { before } };
      });
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
