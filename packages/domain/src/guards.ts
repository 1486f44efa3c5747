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

/**
 * A link target as the browser's URL parser reads it: tabs and newlines anywhere are dropped, and C0
 * controls and spaces at either end, so `/<TAB>/evil.example` is `//evil.example`, another host.
 * Checks must look at this form, not at the raw text (issue 27).
 */
export const asBrowserReadsIt = (raw: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** A path of this site: one slash, not `//host` or `/\host`, which the browser takes for another host. */
export const isSameSitePath = (target: string): boolean => target.startsWith('/') && !/^\/[/\\]/.test(target);

/** Only same-site paths may be used as a post-login redirect target (no open redirects). */
export const safeRedirectTarget = (raw: string | null | undefined, fallback = '/cases'): string => {
  const target = asBrowserReadsIt(raw ?? '');
  if (!isSameSitePath(target) || target.startsWith('/login')) return fallback;
  return target;
};
