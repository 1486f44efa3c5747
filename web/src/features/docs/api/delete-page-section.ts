import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { docsKeys } from './docs-keys.ts';

export const SECTION_REMOVED = 'Section removed';

/** DELETE pages/{slug}/sections/{regionId}/: the region's users no longer see that section. */
export function useDeletePageSection(slug: string, feedback: MutationFeedback<undefined, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (regionId: string) => call(routes.deletePageSection, { params: { slug, regionId } }),
      successToast: SECTION_REMOVED,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: docsKeys.all }),
    },
    feedback,
  );
}
