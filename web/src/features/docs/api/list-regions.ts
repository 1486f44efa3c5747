import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { docsKeys } from './docs-keys.ts';

/** GET regions/: every region a page may have a section for; a short fixed list, kept for the session. */
export const useRegions = (enabled = true) =>
  useQuery({
    queryKey: docsKeys.regions(),
    queryFn: ({ signal }) => call(routes.regions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
