import type { UserFlags } from '@cardiomap/contract';

/** What a route asks of the signed-in user (spec §2 "Guards"). */
export interface RouteRequirements {
  /** Most pages need a primary organisation and approved terms; terms and pendingregistration do not. */
  needsOrganisation: boolean;
  needsApprovedTerms: boolean;
  /** A flag that must be true, e.g. canAddTemplate for templates. */
  permission?: keyof UserFlags;
}

export interface GuardUser {
  primaryOrganisation: unknown | null;
  hasApprovedTerms: boolean;
  flags: Partial<Record<keyof UserFlags, unknown>>;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/pendingregistration' }
  | { kind: 'redirect'; to: '/terms'; keepRedirect: true }
  | { kind: 'not-found' };

/**
 * Decides a route entry for a loaded user. Authentication (token present, user fetched) is settled
 * before this runs, so permissions are always loaded here: a failed check is final, never a race.
 */
export const decideGuard = (user: GuardUser, requirements: RouteRequirements): GuardDecision => {
  if (requirements.needsOrganisation && !user.primaryOrganisation)
    return { kind: 'redirect', to: '/pendingregistration' };
  if (requirements.needsApprovedTerms && !user.hasApprovedTerms)
    return { kind: 'redirect', to: '/terms', keepRedirect: true };
  if (requirements.permission && user.flags[requirements.permission] !== true) return { kind: 'not-found' };
  return { kind: 'allow' };
};

/** Only same-site paths may be used as a post-login redirect target (no open redirects). */
export const safeRedirectTarget = (target: string | null | undefined, fallback = '/cases'): string => {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
};
