import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { organisationKeys } from './organisation-keys.ts';

/** GET regions/: a short fixed list, kept for the session. */
export const useRegions = () =>
  useQuery({
    queryKey: organisationKeys.regions,
    queryFn: ({ signal }) => call(routes.regions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
