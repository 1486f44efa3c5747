import { routes, type UserSummary } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { catalogueKeys } from './case-keys.ts';

export interface UserSearch {
  organisationId?: string;
  search?: string;
  /** Only those who may be responsible for a case (issue 30 #10). */
  mayBeCaseResponsible?: boolean;
}

export const getUsers = (filters: UserSearch, signal?: AbortSignal): Promise<UserSummary[]> =>
  call(routes.listUsers, {
    query: {
      organisation_id: filters.organisationId,
      name_email_or_title: filters.search,
      may_be_case_responsible: filters.mayBeCaseResponsible ? 'true' : undefined,
    },
    signal,
  }).then((page) => page.results);

/** Users to pick from (case responsible …); the previous answer stays while the next one loads. */
export const useUsers = (filters: UserSearch, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.users(filters),
    queryFn: ({ signal }) => getUsers(filters, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
