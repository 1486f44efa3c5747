import type { UserFlags } from '@cardiomap/contract';

export interface MenuLink {
  key: 'analyses' | 'settings' | 'licenses' | 'templates' | 'users' | 'audit' | 'docs' | 'contact';
  label: string;
  to: string;
}

type MenuFlags = Pick<UserFlags, 'hasRole' | 'canAddTemplate' | 'canEditUsersAndOrganisations'>;

const LINKS: readonly (MenuLink & { visible: (flags: MenuFlags) => boolean })[] = [
  { key: 'analyses', label: 'Analyses', to: '/cases', visible: (f) => f.hasRole },
  { key: 'settings', label: 'Settings', to: '/settings', visible: (f) => f.hasRole },
  { key: 'licenses', label: 'Licenses', to: '/licenses', visible: (f) => f.hasRole },
  { key: 'templates', label: 'License templates', to: '/templates', visible: (f) => f.canAddTemplate },
  {
    key: 'users',
    label: 'Users & Organisations',
    to: '/users-and-organisations',
    visible: (f) => f.canEditUsersAndOrganisations,
  },
  // Issue 20: the audit trail is for the same administrators.
  { key: 'audit', label: 'Audit trail', to: '/audit', visible: (f) => f.canEditUsersAndOrganisations },
  { key: 'docs', label: 'Documentation', to: '/docs', visible: (f) => f.hasRole },
  { key: 'contact', label: 'Contact Us', to: '/contact', visible: () => true },
];

/** The user menu's links (spec §2 "User menu"); inside an iframe the menu shows none. */
export const userMenuLinks = (flags: MenuFlags, options: { inIframe: boolean }): MenuLink[] =>
  options.inIframe ? [] : LINKS.filter((link) => link.visible(flags)).map(({ visible: _, ...link }) => link);

/** The organisation line under the user's name in the menu. */
export const organisationLine = (primaryOrganisation: { name: string } | null): string =>
  primaryOrganisation ? `@ ${primaryOrganisation.name}` : 'Organisation pending';
