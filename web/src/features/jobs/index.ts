export { jobKeys } from './api/job-keys.ts';
