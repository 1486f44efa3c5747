import { PERMISSIONS as P } from './permissions.ts';

/**
 * A job's log is the pipeline's engineering trace (series picked, thresholds, retries): for the staff
 * who process images (process again, terminate jobs, see unpublished work), not for clinicians, who
 * get the job's plain summary (files used, outcome, reasons, warnings) instead.
 */
export const maySeeJobLog = (permissions: ReadonlySet<string>): boolean =>
  permissions.has(P.changeStudy) || permissions.has(P.terminateJob) || permissions.has(P.viewUnpublishedResults);
