import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshViewerResults } from './refresh-viewer-results.ts';

/** DELETE analysis-resources/{id}/: a mesh result or a figure, with its file. */
export function useDeleteAnalysisResource(studyId: string, successToast: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (id: string) => call(routes.deleteAnalysisResource, { params: { id } }),
    successToast,
    onSuccess: () => refreshViewerResults(queryClient, studyId),
  });
}
