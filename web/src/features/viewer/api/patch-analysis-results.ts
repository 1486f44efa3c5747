import { type Analysis, routes, type ViewerLoad } from '@cardiomap/contract';
import { replaceById } from '@cardiomap/domain';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshViewerResults } from './refresh-viewer-results.ts';
import { viewerKeys } from './viewer-keys.ts';

export type NumericResult = Analysis['results'][number];

/** PATCH analyses/{id}/ with the whole list of numeric results (Details tab). */
export function usePatchAnalysisResults(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ analysisId, results }: { analysisId: string; results: NumericResult[] }) =>
      call(routes.patchAnalysis, { params: { id: analysisId }, body: { results } }),
    successToast: 'Results saved',
    // The answer must be the analysis saved, one the viewer holds (spec §5 Viewer): else throw, unapplied.
    onSuccess: (analysis, { analysisId }) => {
      queryClient.setQueryData<ViewerLoad>(viewerKeys.load(studyId), (load) =>
        load ? { ...load, analyses: replaceById('analysis', load.analyses, analysisId, analysis) } : load,
      );
      return refreshViewerResults(queryClient, studyId);
    },
  });
}
