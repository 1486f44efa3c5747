import { describe, expect, it } from 'vitest';
import { organisationLine, userMenuLinks } from './user-menu.ts';

const flags = (hasRole: boolean, canAddTemplate = false, canEditUsersAndOrganisations = false) => ({
  hasRole,
  canAddTemplate,
  canEditUsersAndOrganisations,
});
const labels = (...args: Parameters<typeof userMenuLinks>) => userMenuLinks(...args).map((link) => link.label);

describe('userMenuLinks', () => {
  it.each([
    [flags(false), ['Contact Us']],
    [flags(true), ['Analyses', 'Settings', 'Licenses', 'Documentation', 'Contact Us']],
    [flags(true, true), ['Analyses', 'Settings', 'Licenses', 'License templates', 'Documentation', 'Contact Us']],
    [
      flags(true, true, true),
      [
        'Analyses',
        'Settings',
        'Licenses',
        'License templates',
        'Users & Organisations',
        'Audit trail',
        'Documentation',
        'Contact Us',
      ],
    ],
    [flags(false, false, true), ['Users & Organisations', 'Audit trail', 'Contact Us']],
  ])('%j shows %j', (input, expected) => {
    expect(labels(input, { inIframe: false })).toEqual(expected);
  });

  it('shows no links inside an iframe', () => {
    expect(userMenuLinks(flags(true, true, true), { inIframe: true })).toEqual([]);
  });

  it('links Analyses to the case list', () => {
    expect(userMenuLinks(flags(true), { inIframe: false })[0]).toEqual({
      key: 'analyses',
      label: 'Analyses',
      to: '/cases',
    });
  });
});

describe('organisationLine', () => {
  it.each([
    [{ name: 'Heart Valve Centre' }, '@ Heart Valve Centre'],
    [null, 'Organisation pending'],
  ])('%j → %s', (organisation, expected) => {
    expect(organisationLine(organisation)).toBe(expected);
  });
});
