import { type PageSection, type PageSectionWrite, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { docsKeys } from './docs-keys.ts';

export const PAGE_SAVED = 'Page saved';

/** PUT pages/{slug}/: replaces one region's section, then the page reloads. */
export function useSavePageSection(slug: string, feedback: MutationFeedback<PageSection, PageSectionWrite> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (section: PageSectionWrite) => call(routes.savePageSection, { params: { slug }, body: section }),
      successToast: PAGE_SAVED,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: docsKeys.all }),
    },
    feedback,
  );
}
