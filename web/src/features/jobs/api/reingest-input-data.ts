import { type Job, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { inputDataKeys } from '../../upload/index.ts';
import { jobKeys } from './job-keys.ts';

export const PROCESSING_STARTED_AGAIN = 'Processing started again';

export interface ReingestRequest {
  id: string;
  seriesKey: string | null;
  /** Staff accept the series' gap between slices (sent only when they ticked it). */
  acknowledgeGaps?: boolean;
}

/**
 * POST input-data/{id}/ingest/: staff process an upload again, with a chosen series or the automatic one,
 * and for a gapped series their acknowledgement of the gap.
 */
export const reingestInputData = ({ id, seriesKey, acknowledgeGaps }: ReingestRequest): Promise<Job> =>
  call(routes.reingestInputData, {
    params: { id },
    body: { seriesKey, ...(acknowledgeGaps ? { acknowledgeGaps: true } : {}) },
  });

/** The new job appears in the case's list (which then polls); the upload's chosen series may change. */
export function useReingestInputData(caseId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: reingestInputData,
    successToast: PROCESSING_STARTED_AGAIN,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.ofCase(caseId) }),
        queryClient.invalidateQueries({ queryKey: inputDataKeys.ofCase(caseId) }),
      ]),
  });
}
