import type { Organisation } from '@cardiomap/contract';
import type { OrganisationRow } from './repository.ts';

export const presentOrganisation = (row: OrganisationRow): Organisation => ({
  ...row,
  dateCreated: new Date(row.dateCreated).toISOString(),
});
