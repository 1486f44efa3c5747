export { jobKeys } from './api/job-keys.ts';
export { CaseJobs } from './CaseJobs.tsx';
