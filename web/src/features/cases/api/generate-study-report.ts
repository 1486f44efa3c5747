import { type ReportGenerateAnswer, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const generateStudyReport = (studyId: string): Promise<ReportGenerateAnswer> =>
  call(routes.generateStudyReport, { body: { studyId } });

/**
 * POST study-report/: the answer carries the generating flag, so the cache takes it and the query polls
 * until the job is done. A failure shows the API's message (spec §8: report errors end generating).
 */
export function useGenerateStudyReport(caseId: string, feedback: MutationFeedback<ReportGenerateAnswer, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (studyId: string) => generateStudyReport(studyId),
      onSuccess: ({ outcome: _outcome, ...status }) => {
        queryClient.setQueryData(caseKeys.report(caseId), status);
        return queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId), exact: true });
      },
    },
    feedback,
  );
}
