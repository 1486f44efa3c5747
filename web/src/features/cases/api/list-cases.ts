import { type Case, DEFAULT_PAGE_SIZE, type Paginated, routes } from '@cardiomap/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

export interface CaseListFilters {
  search?: string;
  organisationId?: string;
}

/** GET cases/ (spec §7): one page of 15 cases matching the search and organisation filter. */
export const listCases = (filters: CaseListFilters, page: number, signal?: AbortSignal): Promise<Paginated<Case>> =>
  call(routes.listCases, {
    query: {
      search: filters.search,
      organisation_id: filters.organisationId,
      page,
      page_size: DEFAULT_PAGE_SIZE,
    },
    signal,
  });

/** The table view: one numbered page; the previous page stays on screen while the next one loads. */
export const casesPageQueryOptions = (filters: CaseListFilters, page: number) =>
  queryOptions({
    queryKey: caseKeys.list({ ...filters, page, view: 'table' }),
    queryFn: ({ signal }) => listCases(filters, page, signal),
    placeholderData: keepPreviousData,
  });

/** The card view: pages follow one another while the user scrolls, as long as the server gives a next link. */
export const casesInfiniteQueryOptions = (filters: CaseListFilters) =>
  infiniteQueryOptions({
    queryKey: caseKeys.list({ ...filters, view: 'cards' }),
    queryFn: ({ signal, pageParam }) => listCases(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
