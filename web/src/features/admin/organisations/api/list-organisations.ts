import { DEFAULT_PAGE_SIZE, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { organisationKeys } from './organisation-keys.ts';

export interface OrganisationFilter {
  page: number;
  name: string;
  code: string;
}

/** GET organisations/ with name__icontains and code__icontains (spec §7), 15 a page. */
export const useOrganisations = (filter: OrganisationFilter) =>
  useQuery({
    queryKey: organisationKeys.list(filter),
    queryFn: ({ signal }) =>
      call(routes.listOrganisations, {
        query: {
          page: filter.page,
          page_size: DEFAULT_PAGE_SIZE,
          name__icontains: filter.name || undefined,
          code__icontains: filter.code || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
