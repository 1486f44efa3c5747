import { type Job, JobStatus, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { jobKeys } from './job-keys.ts';

/** While a job is queued or running its status, log and report change: the list is reloaded this often. */
export const ACTIVE_JOBS_POLL_MS = 3000;

export const isActiveJob = (job: Pick<Job, 'status'>): boolean =>
  job.status === JobStatus.QUEUED || job.status === JobStatus.RUNNING;

/** GET jobs/?case_id=, newest first; a case has a few jobs (one per ingest), so one page holds them. */
export const listJobs = async (caseId: string, signal?: AbortSignal): Promise<Job[]> => {
  const page = await call(routes.listJobs, { query: { case_id: caseId, page_size: MAX_PAGE_SIZE }, signal });
  return page.results;
};

export const caseJobsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: jobKeys.ofCase(caseId),
    queryFn: ({ signal }) => listJobs(caseId, signal),
    // Polling stops by itself once every job has finished.
    refetchInterval: (query) => (query.state.data?.some(isActiveJob) ? ACTIVE_JOBS_POLL_MS : false),
  });

export const useCaseJobs = (caseId: string) => useQuery(caseJobsQueryOptions(caseId));
