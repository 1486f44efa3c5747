import { ORGANISATION_SEARCH_MIN_LENGTH, type OrganisationChoice, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { registrationKeys } from './registration-keys.ts';

export const searchOrganisations = (search: string, signal?: AbortSignal): Promise<OrganisationChoice[]> =>
  call(routes.registrationOrganisations, { query: { search }, signal });

/** Organisations to ask for; asked only from the third character on, as the server requires. */
export const useOrganisationSearch = (search: string) =>
  useQuery({
    queryKey: registrationKeys.organisations(search),
    queryFn: ({ signal }) => searchOrganisations(search, signal),
    enabled: search.length >= ORGANISATION_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
