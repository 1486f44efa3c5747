import { type Job, routes } from '@cardiomap/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useToast } from '../../../components/Toasts.tsx';
import { jobKeys } from './job-keys.ts';

export const JOB_TERMINATED = 'Job terminated';

/** POST jobs/{id}/terminate/ (spec §7: termination sets status 4). */
export const terminateJob = (id: string): Promise<Job> => call(routes.terminateJob, { params: { id } });

/** The case's job list reloads either way: a refusal usually means the job finished meanwhile. */
export function useTerminateJob(caseId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => terminateJob(id),
    onSuccess: () => toast.success(JOB_TERMINATED),
    onError: (error) => toast.error(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.ofCase(caseId) }),
  });
}
