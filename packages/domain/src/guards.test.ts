import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardUser, type RouteRequirements, safeRedirectTarget } from './guards.ts';

const user = (overrides: Partial<GuardUser> = {}): GuardUser => ({
  primaryOrganisation: { id: 'o' },
  hasApprovedTerms: true,
  flags: { canAddTemplate: false, canEditUsersAndOrganisations: true },
  ...overrides,
});
const page: RouteRequirements = { needsOrganisation: true, needsApprovedTerms: true };

describe('decideGuard', () => {
  it.each([
    ['allowed', user(), page, { kind: 'allow' }],
    ['no organisation', user({ primaryOrganisation: null }), page, { kind: 'redirect', to: '/pendingregistration' }],
    [
      'terms not approved',
      user({ hasApprovedTerms: false }),
      page,
      { kind: 'redirect', to: '/terms', keepRedirect: true },
    ],
    [
      'organisation checked before terms',
      user({ primaryOrganisation: null, hasApprovedTerms: false }),
      page,
      { kind: 'redirect', to: '/pendingregistration' },
    ],
    [
      'terms page itself',
      user({ hasApprovedTerms: false }),
      { needsOrganisation: true, needsApprovedTerms: false },
      { kind: 'allow' },
    ],
    [
      'pending page',
      user({ primaryOrganisation: null }),
      { needsOrganisation: false, needsApprovedTerms: false },
      { kind: 'allow' },
    ],
    ['missing permission', user(), { ...page, permission: 'canAddTemplate' }, { kind: 'not-found' }],
    ['held permission', user(), { ...page, permission: 'canEditUsersAndOrganisations' }, { kind: 'allow' }],
    ['unknown flag', user(), { ...page, permission: 'canAddCase' }, { kind: 'not-found' }],
  ] as const)('%s', (_, input, requirements, expected) => {
    expect(decideGuard(input, requirements)).toEqual(expected);
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/cases?page=2', '/cases?page=2'],
    ['/terms', '/terms'],
    [null, '/cases'],
    ['', '/cases'],
    ['https://evil.example/', '/cases'],
    ['//evil.example/', '/cases'],
    ['/\\evil.example', '/cases'],
    ['/login?redirect=/x', '/cases'],
    // What the browser's URL parser drops must not hide another host (issue 27).
    ['/\t/evil.example', '/cases'],
    ['/\n/evil.example', '/cases'],
    ['\r//evil.example', '/cases'],
    [' //evil.example', '/cases'],
    ['/\t\\evil.example', '/cases'],
    ['/ca\tses', '/cases'],
    ['/cases\u0000', '/cases'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });
});
