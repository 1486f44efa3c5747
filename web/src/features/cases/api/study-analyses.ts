import { type Analysis, routes } from '@cardiomap/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { staffKeys } from './staff-keys.ts';

export const ANALYSIS_CREATED = 'Analysis created';

export const listStudyAnalyses = async (studyId: string, signal?: AbortSignal): Promise<Analysis[]> =>
  (await call(routes.listAnalyses, { query: { study_id: studyId, page_size: 100 }, signal })).results;

/** GET analyses/?study_id=: what can be delivered (the preliminary model is listed but never delivered). */
export const useStudyAnalyses = (studyId: string | null) =>
  useQuery({
    queryKey: staffKeys.analyses(studyId ?? ''),
    queryFn: ({ signal }) => listStudyAnalyses(studyId ?? '', signal),
    enabled: studyId !== null,
  });

export type CreateAnalysis = z.input<typeof routes.createAnalysis.body>;

/** POST analyses/: an analyst's analysis for an order, when none exists yet to deliver. */
export function useCreateAnalysis(studyId: string, feedback: MutationFeedback<Analysis, CreateAnalysis> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (body: CreateAnalysis) => call(routes.createAnalysis, { body }),
      successToast: ANALYSIS_CREATED,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.study(studyId) }),
    },
    feedback,
  );
}
