import { type Job, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { jobKeys } from './job-keys.ts';

export const JOB_TERMINATED = 'Job terminated';

/** POST jobs/{id}/terminate/ (spec §7: termination sets status 4). */
export const terminateJob = (id: string): Promise<Job> => call(routes.terminateJob, { params: { id } });

/** The case's job list reloads either way: a refusal usually means the job finished meanwhile. */
export function useTerminateJob(caseId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (id: string) => terminateJob(id),
    successToast: JOB_TERMINATED,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.ofCase(caseId) }),
  });
}
