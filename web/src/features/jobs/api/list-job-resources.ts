import { type JobResource, type Paginated, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { jobKeys } from './job-keys.ts';

export type JobResourceOutcome = JobResource['outcome'];

export interface JobResourceFilter {
  /** 1-based, as the API counts pages. */
  page: number;
  pageSize: number;
  outcome?: JobResourceOutcome;
}

/** GET job-resources/?job_id=: one page of a job's per-file report, optionally of one outcome. */
export const listJobResources = (
  jobId: string,
  filter: JobResourceFilter,
  signal?: AbortSignal,
): Promise<Paginated<JobResource>> =>
  call(routes.listJobResources, {
    query: { job_id: jobId, page: filter.page, page_size: filter.pageSize, outcome: filter.outcome },
    signal,
  });

/** The previous page stays on screen while the next loads, so the table does not jump. */
export const useJobResources = (jobId: string, filter: JobResourceFilter) =>
  useQuery({
    queryKey: jobKeys.resources(jobId, filter),
    queryFn: ({ signal }) => listJobResources(jobId, filter, signal),
    placeholderData: keepPreviousData,
  });
