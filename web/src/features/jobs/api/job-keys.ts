/** Query keys of jobs and their per-file reports; `all` reaches every job view of every case. */
export const jobKeys = {
  all: ['jobs'] as const,
  ofCase: (caseId: string) => [...jobKeys.all, 'case', caseId] as const,
  resources: (jobId: string, filter: { page: number; pageSize: number; outcome?: string }) =>
    [...jobKeys.all, 'resources', jobId, filter] as const,
};
