import { routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { adminUserKeys } from './admin-user-keys.ts';

export const USERS_PAGE_SIZE = 15;

export interface UserListFilters {
  search: string;
  organisationId: string | null;
  page: number;
}

/** Spec §7 users/ with page_size 15; the previous page stays on screen while the next loads. */
export const useAdminUsers = (filters: UserListFilters) =>
  useQuery({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ signal }) =>
      call(routes.listUsers, {
        query: {
          page: filters.page,
          page_size: USERS_PAGE_SIZE,
          name_email_or_title: filters.search || undefined,
          organisation_id: filters.organisationId ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
