import { ORGANISATION_SEARCH_MIN_LENGTH, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { adminUserKeys } from './admin-user-keys.ts';

/** Roles to grant (GET groups/). */
export const useGroups = () =>
  useQuery({ queryKey: adminUserKeys.groups, queryFn: ({ signal }) => call(routes.groups, { signal }) });

/** Devices for Field Clinical Specialist specialisations. */
export const useDeviceChoices = () =>
  useQuery({
    queryKey: adminUserKeys.devices,
    queryFn: ({ signal }) => call(routes.devices, { query: { page_size: 100 }, signal }).then((p) => p.results),
  });

/**
 * Organisations by name, from the third character on. Until the organisations/ list of the
 * Organisations tab exists this reads the registration search, which answers id and name.
 */
export const useOrganisationChoices = (search: string) =>
  useQuery({
    queryKey: adminUserKeys.organisations(search),
    queryFn: ({ signal }) => call(routes.registrationOrganisations, { query: { search }, signal }),
    enabled: search.length >= ORGANISATION_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
