import { JOB_STATUS_LABELS, type JobStatus } from '@cardiomap/contract';
import { formatDateTime, formatTime } from '../../lib/dates.ts';
import type { JobResourceOutcome } from './api/list-job-resources.ts';

/** A job's timings to the second: a fast ingest starts and ends within one minute. */
export const formatJobTime = (iso: string | null): string => formatDateTime(iso, { seconds: true });
export const formatLogTime = (iso: string): string => formatTime(iso, { seconds: true });

export const jobStatusLabel = (status: number): string => JOB_STATUS_LABELS[status as JobStatus] ?? 'Unknown';

/** '850 ms', '12.4 s', '3 min 5 s', '1 h 2 min': precise for a fast ingest, readable for a slow one. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** From start to finish; a running job counts up to `now`; a job not started has none. */
export function jobDuration(job: { dateStarted: string | null; dateFinished: string | null }, now: number): string {
  if (!job.dateStarted) return '—';
  const end = job.dateFinished ? Date.parse(job.dateFinished) : now;
  return formatDuration(end - Date.parse(job.dateStarted));
}

export const OUTCOME_LABELS: Record<JobResourceOutcome, string> = {
  used: 'Used',
  'set-aside': 'Set aside',
  candidate: 'Other series',
};

/** What a job type does, in a clinician's words; staff see the type's own name. */
const PLAIN_JOB_NAMES: Record<string, string> = {
  ingest: 'Image processing',
  surface: 'Preliminary 3D model',
  report: 'Report',
};

export const plainJobName = (typeName: string): string => PLAIN_JOB_NAMES[typeName] ?? typeName;

/**
 * A job's recorded outcome in words (issue 30: the Jobs tab showed 'nothing-delivered'). The server
 * records the machine value of each job type's result (jobs/*-job.ts); one it does not know yet is shown
 * as it is rather than hidden.
 */
const OUTCOME_WORDS: Record<string, string> = {
  ready: 'Ready',
  invalid: 'No usable images',
  skipped: 'Skipped: the case was closed',
  'no-contrast': 'No model: no contrast-filled left heart found',
  'no-volume': 'No model: the case has no images yet',
  generated: 'Report generated',
  unchanged: 'The report is up to date',
  'nothing-delivered': 'No report: nothing is delivered',
};

export const jobOutcomeWords = (outcome: string): string => OUTCOME_WORDS[outcome] ?? outcome;
