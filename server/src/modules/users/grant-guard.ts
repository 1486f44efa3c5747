import { refusedGrants } from '@cardiomap/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden } from '../../lib/http-errors.ts';
import { groupsWithPermissions, lockActiveSuperusers } from './admin-repository.ts';

export const GRANT_MESSAGES = {
  superuserTarget: 'Only a superuser can change a superuser account.',
  lastSuperuser:
    'This is the last active superuser: make another user superuser before removing the flag or deactivating it.',
  ownPassword:
    'Change your own password on the Settings page, with your current password (and a code when your organisation requires one).',
} as const;

/**
 * Issue 27: every path that gives or takes away roles calls this with the roles it changes (added or
 * removed), so the one rule of packages/domain (`mayGrantGroup`) decides for all of them. A refused role
 * answers 403: the request is well formed, the granter lacks the right.
 */
export async function refuseUngrantableGroups(tx: DbOrTx, actor: Actor, changedGroupIds: readonly number[]) {
  if (actor.isSuperuser || changedGroupIds.length === 0) return;
  const groups = await groupsWithPermissions(tx, [...new Set(changedGroupIds)]);
  const refusals = refusedGrants({ isSuperuser: actor.isSuperuser, permissions: actor.permissions }, groups);
  if (refusals.length > 0) throw forbidden(refusals.join(' '));
}

/** The roles one list has and the other has not, both ways: what a replacement of roles changes. */
export function changedGroups(before: readonly number[], after: readonly number[]): number[] {
  return [...after.filter((g) => !before.includes(g)), ...before.filter((g) => !after.includes(g))];
}

/** A superuser account is changed by superusers only (its roles, names, organisations, password, state). */
export function refuseSuperuserTarget(actor: Actor, target: { isSuperuser: boolean }): void {
  if (target.isSuperuser && !actor.isSuperuser) throw forbidden(GRANT_MESSAGES.superuserTarget);
}

/** Before a superuser loses the flag or is deactivated: another active superuser must remain. */
export async function refuseLosingLastSuperuser(tx: DbOrTx, userId: string): Promise<void> {
  const superusers = await lockActiveSuperusers(tx);
  if (!superusers.some((id) => id !== userId)) throw conflict(GRANT_MESSAGES.lastSuperuser, 'last_superuser');
}
