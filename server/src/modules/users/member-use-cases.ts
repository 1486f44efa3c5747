import type { DbOrTx } from '../../db/client.ts';
import { admitMember, insertPendingUser, type PendingUserValues, setInactive } from './member-repository.ts';

/*
 * The steps of a registration that make and change an account (issue 29: this module alone writes
 * users, organisation_memberships and group_memberships). Each runs in the caller's transaction; the
 * profile-version triggers make every API instance see the change on its next request.
 */

export type { PendingUserValues };

/**
 * The account of a verified registration (modules/registration): active (it may sign in) but with no
 * organisation and no role, which the app shows as "Organisation pending" until an administrator
 * approves it. Null when the address got an account meanwhile.
 */
export function createPendingUser(tx: DbOrTx, values: PendingUserValues): Promise<string | null> {
  return insertPendingUser(tx, values);
}

/**
 * Approves a registered user (modules/organisations, and the e2e test hook): the organisation becomes
 * their primary one and they get the named roles. The request text stays on the account, as a record of
 * what was asked for.
 */
export function createMember(
  tx: DbOrTx,
  approval: { userId: string; organisationId: string; groupNames: readonly string[] },
): Promise<void> {
  return admitMember(tx, approval);
}

/** A declined registration's account: deactivated rather than deleted, so the audit trail keeps pointing at it. */
export function deactivateDeclinedUser(tx: DbOrTx, userId: string): Promise<void> {
  return setInactive(tx, userId);
}
