import { ALL_PERMISSIONS, PERMISSIONS } from './permissions.ts';

/**
 * Issue 27 (High): who may hand out a role. A role is a bundle of permissions, so handing one out is
 * handing out each of its permissions: a granter may only give what it holds itself. Two kinds of role
 * widen a granter's reach beyond what holding them shows, so only a superuser grants them:
 * - a role with `accounts.all_organisations` lifts an administrator out of its organisations;
 * - a superuser-equivalent role (named Superuser, or holding every permission) is the superuser flag by
 *   another name, which only a superuser gives (architecture §5).
 * Every path that grants or takes away a role asks this one function (users POST/PATCH,
 * group-memberships, registration approval).
 */
export interface Granter {
  isSuperuser: boolean;
  permissions: ReadonlySet<string>;
}

/** A role as the grant rule sees it: its name and every permission it carries. */
export interface GrantedGroup {
  name: string;
  permissions: readonly string[];
}

export type GrantDecision = { ok: true } | { ok: false; reason: string };

export const SUPERUSER_GROUP = 'Superuser';

/** Holds every permission there is: what the superuser flag gives. */
export function isSuperuserEquivalent(group: GrantedGroup): boolean {
  const held = new Set(group.permissions);
  return group.name === SUPERUSER_GROUP || ALL_PERMISSIONS.every((p) => held.has(p));
}

export function mayGrantGroup(granter: Granter, group: GrantedGroup): GrantDecision {
  if (granter.isSuperuser) return { ok: true };
  if (isSuperuserEquivalent(group)) {
    return { ok: false, reason: `Only a superuser can grant the role "${group.name}".` };
  }
  if (group.permissions.includes(PERMISSIONS.allOrganisations)) {
    return {
      ok: false,
      reason: `Only a superuser can grant the role "${group.name}": it gives access to every organisation.`,
    };
  }
  const missing = group.permissions.filter((p) => !granter.permissions.has(p));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `You cannot grant the role "${group.name}": it has permissions you do not have (${missing.join(', ')}).`,
    };
  }
  return { ok: true };
}

/** The refusals for a set of roles (empty when every one may be granted), in the roles' order. */
export function refusedGrants(granter: Granter, groups: readonly GrantedGroup[]): string[] {
  return groups.flatMap((group) => {
    const decision = mayGrantGroup(granter, group);
    return decision.ok ? [] : [decision.reason];
  });
}
