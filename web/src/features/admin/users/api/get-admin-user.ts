import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { adminUserKeys } from './admin-user-keys.ts';

export const useAdminUser = (id: string | null) =>
  useQuery({
    queryKey: adminUserKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(routes.getUser, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
