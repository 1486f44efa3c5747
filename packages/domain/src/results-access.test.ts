import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from './permissions.ts';
import { isAccessDenied } from './results-access.ts';
import { ROLE_PERMISSIONS } from './roles.ts';

const role = (name: keyof typeof ROLE_PERMISSIONS) => new Set<string>(ROLE_PERMISSIONS[name]);
const nonResearch = { isResearch: false } as const;

describe('Case.accessDenied (spec §3, §4)', () => {
  it('never denies the case’s own organisation or a share', () => {
    for (const reach of ['member', 'shared'] as const) {
      expect(isAccessDenied(role('Customer Support'), { ...nonResearch, reach })).toBe(false);
      expect(isAccessDenied(new Set(), { ...nonResearch, reach })).toBe(false);
    }
  });

  it('denies other organisations’ images to company roles that do not work on them', () => {
    const across = { ...nonResearch, reach: 'allOrganisations' } as const;
    expect(isAccessDenied(role('Customer Support'), across)).toBe(true);
    expect(isAccessDenied(role('Venus Sales'), across)).toBe(true);
  });

  it('lets processing staff and result readers open them', () => {
    const across = { ...nonResearch, reach: 'allOrganisations' } as const;
    expect(isAccessDenied(role('Case Analyst'), across)).toBe(false);
    expect(isAccessDenied(role('Case Manager'), across)).toBe(false);
    expect(isAccessDenied(role('Venus Support'), across)).toBe(false);
    expect(isAccessDenied(role('Superuser'), across)).toBe(false);
  });

  it('follows the research processing permission', () => {
    const researcher = new Set<string>([P.viewCaseDetails, P.processResearchCase, P.allOrganisations]);
    expect(isAccessDenied(researcher, { isResearch: true, reach: 'allOrganisations' })).toBe(false);
    expect(isAccessDenied(researcher, { isResearch: false, reach: 'allOrganisations' })).toBe(true);
  });
});
