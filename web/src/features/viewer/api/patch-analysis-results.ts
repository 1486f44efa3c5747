import { type Analysis, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshViewerResults } from './refresh-viewer-results.ts';

export type NumericResult = Analysis['results'][number];

/** PATCH analyses/{id}/ with the whole list of numeric results (Details tab). */
export function usePatchAnalysisResults(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ analysisId, results }: { analysisId: string; results: NumericResult[] }) =>
      call(routes.patchAnalysis, { params: { id: analysisId }, body: { results } }),
    successToast: 'Results saved',
    onSuccess: () => refreshViewerResults(queryClient, studyId),
  });
}
