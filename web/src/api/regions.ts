import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './http.ts';

/** Query keys of the regions list, shared by the organisation form, registration decisions and the docs editor. */
export const regionKeys = { all: ['regions'] as const };

/** GET regions/: a short fixed list, kept for the session. */
export const useRegions = (enabled = true) =>
  useQuery({
    queryKey: regionKeys.all,
    queryFn: ({ signal }) => call(routes.regions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
