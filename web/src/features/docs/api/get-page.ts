import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { docsKeys } from './docs-keys.ts';

/** GET pages/{slug}/: the caller's regions, or every region for the editor (`all`, managers only). */
export function usePage(slug: string, scope: 'mine' | 'all' = 'mine', enabled = true) {
  return useQuery({
    queryKey: docsKeys.page(slug, scope),
    queryFn: ({ signal }) => call(routes.page, { params: { slug }, query: { scope }, signal }),
    enabled,
    retry: false,
  });
}
