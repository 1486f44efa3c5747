import { type Job, type JobResource, JobStatus } from '@cardiomap/contract';
import { maySeeJobLog, PERMISSIONS } from '@cardiomap/domain';
import { iso } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { JobResourceRow, JobRow } from './repository.ts';

export function presentJob(actor: Actor, row: JobRow): Job {
  const s = row.summary;
  return {
    id: row.id,
    caseId: row.caseId,
    inputDataId: row.inputDataId,
    jobType: { id: row.jobTypeId, name: row.jobTypeName },
    queue: { id: row.queueId, name: row.queueName },
    status: row.status,
    attempts: row.attempts,
    dateCreated: iso(row.dateCreated) ?? '',
    dateStarted: iso(row.dateStarted),
    dateFinished: iso(row.dateFinished),
    // The engineering log for staff only; a clinician reads the summary below (issue 17 §4).
    log: maySeeJobLog(actor.permissions) ? row.log : [],
    // One shape for every type: what a type does not record (or a job not finished yet) reads as empty.
    summary: {
      filesTotal: 'filesTotal' in s ? s.filesTotal : 0,
      filesUsed: 'filesUsed' in s ? s.filesUsed : 0,
      filesSetAside: 'filesSetAside' in s ? s.filesSetAside : 0,
      outcome: 'outcome' in s ? s.outcome : null,
      reasons: 'reasons' in s ? s.reasons : [],
      warnings: 'warnings' in s ? (s.warnings ?? []) : [],
    },
    canTerminate:
      actor.permissions.has(PERMISSIONS.terminateJob) &&
      (row.status === JobStatus.QUEUED || row.status === JobStatus.RUNNING),
  };
}

export const presentJobResource = (row: JobResourceRow): JobResource => ({ ...row, bytes: Number(row.bytes) });

const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // Quote always; neutralise spreadsheet formulas a hostile file name could carry.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export function jobReportCsv(rows: JobResourceRow[]): string {
  const header = ['path', 'bytes', 'outcome', 'code', 'reason', 'series'];
  const lines = rows.map((r) =>
    [r.path, Number(r.bytes), r.outcome, r.code, r.reason, r.seriesKey].map(csvCell).join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
