import { ADMIN_USER_MESSAGES, type AdminUser, type createUserSchema, type updateUserSchema } from '@cardiomap/contract';
import {
  checkPasswordFully,
  EDIT_USERS_AND_ORGANISATIONS,
  FIELD_CLINICAL_SPECIALIST,
  PERMISSIONS,
} from '@cardiomap/domain';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden, nonFieldError, notFound, ValidationError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { endSessions } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './admin-repository.ts';
import {
  changedGroups,
  GRANT_MESSAGES,
  refuseLosingLastSuperuser,
  refuseSuperuserTarget,
  refuseUngrantableGroups,
} from './grant-guard.ts';
import { presentAdminUser } from './presenter.ts';

type CreateInput = z.output<typeof createUserSchema>;
type UpdateInput = z.output<typeof updateUserSchema>;
type Membership = CreateInput['organisations'][number];

export const ADMIN_MESSAGES = {
  notAdmin: 'Only administrators may manage users.',
  superuserOnly: 'Only a superuser may grant or remove the superuser flag.',
  selfDeactivate: 'You cannot mark yourself inactive.',
  selfLockout: 'You cannot remove your own permission to manage users and organisations.',
  emailTaken: 'A user with this e-mail already exists.',
  onePrimary: 'Only one organisation can be primary.',
  unknownGroup: 'Unknown role.',
  unknownOrganisation: 'Unknown organisation.',
  unknownDevice: 'Unknown device.',
  alreadyExpired: 'The password has already expired.',
  notFound: 'No user matches the given query.',
} as const;

const isAdmin = (actor: Actor) => EDIT_USERS_AND_ORGANISATIONS.every((p) => actor.permissions.has(p));

/** Spec §6: managing users needs all five permissions. */
export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden(ADMIN_MESSAGES.notAdmin);
}

/**
 * The organisations an administrator manages: all of them with accounts.all_organisations (or as
 * superuser), otherwise only the administrator's own; users outside them answer 404.
 */
export const adminScope = (actor: Actor): string[] | null =>
  actor.isSuperuser || actor.permissions.has(PERMISSIONS.allOrganisations) ? null : actor.organisationIds;

/** The user if the administrator manages one of its organisations (or all); missing and hidden answer 404. */
export async function findVisibleUser(tx: DbOrTx, actor: Actor, id: string): Promise<repo.AdminUserRow> {
  const row = await repo.findAdminUser(tx, id);
  const scope = adminScope(actor);
  if (!row || (scope && !row.memberships.some((m) => scope.includes(m.organisationId)))) {
    throw notFound(ADMIN_MESSAGES.notFound);
  }
  return row;
}

/**
 * The user if the administrator may change it: visible (else 404), and not a superuser unless the
 * administrator is one (else 403). Reading a superuser stays open to administrators.
 */
export async function findManageableUser(tx: DbOrTx, actor: Actor, id: string): Promise<repo.AdminUserRow> {
  const row = await findVisibleUser(tx, actor, id);
  refuseSuperuserTarget(actor, row);
  return row;
}

export interface RequestContext {
  ip?: string;
}

/** Spec §2 Users tab, §4 user active and password expiry, §5 new user, §6 administration rules. */
export function createAdminUsersService(
  database: Database,
  /** Tells this instance's auth caches at once; other instances hear the database's notice. */
  authChanged: (userId: string) => void,
) {
  const { db } = database;

  const visibleUser = findVisibleUser;

  /** Checks roles, organisations and devices exist and fit the rules; throws field errors. */
  async function checkAssignments(
    tx: DbOrTx,
    actor: Actor,
    input: { groups?: number[]; organisations?: Membership[]; deviceIds?: string[]; isSuperuser?: boolean },
    current: { groups: number[]; deviceIds: string[]; isSuperuser: boolean } | null,
  ) {
    const errors: Record<string, string[]> = {};
    if (input.groups) {
      const known = await repo.existingIds(tx, 'groups', input.groups);
      if (input.groups.some((g) => !known.has(String(g)))) errors.groups = [ADMIN_MESSAGES.unknownGroup];
    }
    if (input.organisations) {
      const scope = adminScope(actor);
      const known = await repo.existingIds(
        tx,
        'organisations',
        input.organisations.map((m) => m.organisationId),
      );
      // An organisation outside a limited administrator's scope reads as unknown, like a missing one.
      if (
        input.organisations.some((m) => !known.has(m.organisationId) || (scope && !scope.includes(m.organisationId)))
      ) {
        errors.organisations = [ADMIN_MESSAGES.unknownOrganisation];
      } else if (input.organisations.filter((m) => m.isPrimary).length > 1) {
        errors.organisations = [ADMIN_MESSAGES.onePrimary];
      }
    }
    if (input.deviceIds) {
      const known = await repo.existingIds(tx, 'devices', input.deviceIds);
      if (input.deviceIds.some((d) => !known.has(d))) errors.deviceIds = [ADMIN_MESSAGES.unknownDevice];
    }
    const groups = input.groups ?? current?.groups ?? [];
    const deviceIds = input.deviceIds ?? current?.deviceIds ?? [];
    const fcs = await repo.groupIdByName(tx, FIELD_CLINICAL_SPECIALIST);
    if (fcs !== null && groups.includes(fcs) && deviceIds.length === 0) {
      errors.deviceIds = [ADMIN_USER_MESSAGES.fcsNeedsDevice];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const superuserChanges = input.isSuperuser !== undefined && input.isSuperuser !== (current?.isSuperuser ?? false);
    if (superuserChanges && !actor.isSuperuser) throw forbidden(ADMIN_MESSAGES.superuserOnly);
    if (input.groups) await refuseUngrantableGroups(tx, actor, changedGroups(current?.groups ?? [], input.groups));
  }

  async function checkPasswordPair(password: string, password2: string, who: { email: string; names: string[] }) {
    const errors: Record<string, string[]> = {};
    const check = await checkPasswordFully(password, { email: who.email, names: who.names });
    if (!check.ok) errors.password = check.errors;
    if (password !== password2) errors.password2 = [ADMIN_USER_MESSAGES.passwordsMustMatch];
    return errors;
  }

  const dedupe = <T>(items: readonly T[]) => [...new Set(items)];
  const dedupeMemberships = (items: readonly Membership[]) => [
    ...new Map(items.map((m) => [m.organisationId, m])).values(),
  ];

  async function audit(tx: DbOrTx, actor: Actor, ctx: RequestContext, action: string, id: string, details: object) {
    await recordAudit(tx, {
      actorId: actor.userId,
      action,
      targetType: 'user',
      targetId: id,
      ip: ctx.ip,
      details: details as Record<string, unknown>,
    });
  }

  async function reread(tx: DbOrTx, id: string): Promise<AdminUser> {
    const row = await repo.findAdminUser(tx, id);
    if (!row) throw notFound(ADMIN_MESSAGES.notFound);
    return presentAdminUser(row);
  }

  return {
    async get(actor: Actor, id: string): Promise<AdminUser> {
      requireAdmin(actor);
      return presentAdminUser(await visibleUser(db, actor, id));
    },

    async create(actor: Actor, body: CreateInput, ctx: RequestContext): Promise<AdminUser> {
      requireAdmin(actor);
      const email = body.email.trim().toLowerCase();
      const errors = await checkPasswordPair(body.password, body.password2, {
        email,
        names: [body.givenName, body.middleName, body.familyName],
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        if (await repo.emailTaken(tx, email)) throw fieldError('email', ADMIN_MESSAGES.emailTaken);
        const input = {
          groups: dedupe(body.groups),
          organisations: dedupeMemberships(body.organisations),
          deviceIds: dedupe(body.deviceIds),
          isSuperuser: body.isSuperuser,
        };
        await checkAssignments(tx, actor, input, null);
        const id = await repo.insertUser(tx, {
          email,
          passwordHash,
          givenName: body.givenName,
          middleName: body.middleName,
          familyName: body.familyName,
          title: body.title,
          phoneNumber: body.phoneNumber,
          isSuperuser: body.isSuperuser,
        });
        await repo.replaceGroups(tx, id, input.groups);
        await repo.replaceMemberships(tx, id, input.organisations, null);
        await repo.replaceSpecialisations(tx, id, input.deviceIds);
        const created = await reread(tx, id);
        await audit(tx, actor, ctx, 'user.create', id, { after: created });
        return created;
      });
    },

    async update(actor: Actor, id: string, body: UpdateInput, ctx: RequestContext): Promise<AdminUser> {
      requireAdmin(actor);
      return db
        .transaction(async (tx) => {
          const row = await findManageableUser(tx, actor, id);
          const before = presentAdminUser(row);
          const input = {
            groups: body.groups && dedupe(body.groups),
            organisations: body.organisations && dedupeMemberships(body.organisations),
            deviceIds: body.deviceIds && dedupe(body.deviceIds),
            isSuperuser: body.isSuperuser,
          };
          await checkAssignments(tx, actor, input, {
            groups: row.groups,
            deviceIds: row.specialisations.map((s) => s.deviceId),
            isSuperuser: row.isSuperuser,
          });
          if (id === actor.userId) await refuseSelfLockout(tx, row, input);
          // Deactivation is DELETE; here only the flag can be lost.
          const losesSuperuser = row.isSuperuser && row.isActive && body.isSuperuser === false;
          if (losesSuperuser) await refuseLosingLastSuperuser(tx, id);
          await repo.updateUserFields(tx, id, {
            givenName: body.givenName,
            middleName: body.middleName,
            familyName: body.familyName,
            title: body.title,
            phoneNumber: body.phoneNumber,
            isSuperuser: body.isSuperuser,
            hasApprovedTerms: body.hasApprovedTerms,
            isActive: body.isActive,
          });
          if (input.groups) await repo.replaceGroups(tx, id, input.groups);
          if (input.organisations) await repo.replaceMemberships(tx, id, input.organisations, adminScope(actor));
          if (input.deviceIds) await repo.replaceSpecialisations(tx, id, input.deviceIds);
          const after = await reread(tx, id);
          const action = body.isActive && !row.isActive ? 'user.activate' : 'user.update';
          await audit(tx, actor, ctx, action, id, { before, after });
          return after;
        })
        .finally(() => authChanged(id));
    },

    /** Spec §4: marking inactive is the DELETE call. The row stays; every sign-in ends now. */
    async deactivate(actor: Actor, id: string, ctx: RequestContext): Promise<void> {
      requireAdmin(actor);
      if (id === actor.userId) throw nonFieldError(ADMIN_MESSAGES.selfDeactivate);
      await db.transaction(async (tx) => {
        const row = await findManageableUser(tx, actor, id);
        if (row.isSuperuser && row.isActive) await refuseLosingLastSuperuser(tx, id);
        await repo.updateUserFields(tx, id, { isActive: false });
        await endSessions(tx, id, 'user_deactivated');
        await audit(tx, actor, ctx, 'user.deactivate', id, {
          before: { isActive: row.isActive },
          after: { isActive: false },
        });
      });
      authChanged(id);
    },

    async setPassword(
      actor: Actor,
      id: string,
      body: { newPassword: string; newPassword2: string },
      ctx: RequestContext,
    ): Promise<AdminUser> {
      requireAdmin(actor);
      // The admin route sets another user's password; one's own goes through the password change, which
      // asks for the current password (and the e-mailed code where the organisation requires it).
      if (id === actor.userId) throw forbidden(GRANT_MESSAGES.ownPassword);
      const row = await findManageableUser(db, actor, id);
      const errors = await checkPasswordPair(body.newPassword, body.newPassword2, {
        email: row.email,
        names: [row.givenName, row.middleName, row.familyName],
      });
      if (errors.password || errors.password2) {
        throw new ValidationError({
          ...(errors.password ? { newPassword: errors.password } : {}),
          ...(errors.password2 ? { newPassword2: errors.password2 } : {}),
        });
      }
      const passwordHash = await hashPassword(body.newPassword);
      return db
        .transaction(async (tx) => {
          await repo.setPasswordHash(tx, id, passwordHash);
          // Whoever knew the old password is signed out; the user signs in again with the new one.
          if (id !== actor.userId) await endSessions(tx, id, 'password_set');
          await audit(tx, actor, ctx, 'user.set_password', id, {});
          return reread(tx, id);
        })
        .finally(() => authChanged(id));
    },

    async expirePassword(actor: Actor, id: string, ctx: RequestContext): Promise<AdminUser> {
      requireAdmin(actor);
      return db
        .transaction(async (tx) => {
          const row = await findManageableUser(tx, actor, id);
          const before = presentAdminUser(row);
          if (before.hasExpiredPassword) throw conflict(ADMIN_MESSAGES.alreadyExpired, 'already_expired');
          await repo.expirePassword(tx, id);
          const after = await reread(tx, id);
          await audit(tx, actor, ctx, 'user.expire_password', id, {
            before: { hasExpiredPassword: false },
            after: { hasExpiredPassword: true },
          });
          return after;
        })
        .finally(() => authChanged(id));
    },
  };
}

/** No one removes their own last permission to administer: the set of roles afterwards must keep it. */
export async function refuseSelfLockout(
  tx: DbOrTx,
  row: repo.AdminUserRow,
  input: { groups?: number[]; isSuperuser?: boolean },
): Promise<void> {
  const isSuperuser = input.isSuperuser ?? row.isSuperuser;
  if (isSuperuser) return;
  const granted = await repo.permissionsOfGroups(tx, input.groups ?? row.groups);
  if (!EDIT_USERS_AND_ORGANISATIONS.every((p) => granted.has(p))) {
    throw nonFieldError(ADMIN_MESSAGES.selfLockout);
  }
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
