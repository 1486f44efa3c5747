import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';

/** GET groups/: the roles, in display priority. */
export const useRoles = () =>
  useQuery({
    queryKey: ['groups'],
    queryFn: ({ signal }) => call(routes.groups, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
