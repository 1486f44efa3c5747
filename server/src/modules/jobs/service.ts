import { JobStatus } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { findVisibleCase } from '../../access/case-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import { jobReportCsv, presentJob, presentJobResource } from './presenter.ts';
import {
  findJob,
  type JobRow,
  listJobResources,
  listJobsOfCase,
  listJobTypes,
  listQueues,
  terminateJob,
} from './repository.ts';

export const JOB_NOT_FOUND = 'No job matches the given id.';

/**
 * What else a job's termination changes, in its transaction: an ingest job's upload goes back to
 * 'uploaded', ready to be processed again. Wired in app.ts: uploads own the upload, and this module
 * cannot import uploads (which queue jobs through it).
 */
export type JobTerminated = (tx: DbOrTx, job: { id: string; inputDataId: string | null }) => Promise<void>;

/**
 * Jobs (spec §7 jobs/, job-resources/, job-types/, queues/): who sees a case sees its jobs (seeing a case
 * needs cases.view_case_details, checked by the access module).
 */
export function createJobsService(database: Database, terminated: JobTerminated) {
  const { db } = database;
  const query = queryOn(db);

  const visibleCaseForJobs = (actor: Actor, caseId: string) => findVisibleCase(db, actor, caseId);
  const visibleJob = async (actor: Actor, jobId: string): Promise<JobRow> => {
    const row = await findJob(query, jobId);
    if (!row) throw notFound(JOB_NOT_FOUND);
    await visibleCaseForJobs(actor, row.caseId).catch((error) => {
      throw error.statusCode === 404 ? notFound(JOB_NOT_FOUND) : error;
    });
    return row;
  };

  return {
    async list(actor: Actor, caseId: string, page: PageRequest) {
      await visibleCaseForJobs(actor, caseId);
      const { count, rows } = await listJobsOfCase(query, caseId, pageWindow(page));
      return { count, results: rows.map((row) => presentJob(actor, row)) };
    },
    get: async (actor: Actor, jobId: string) => presentJob(actor, await visibleJob(actor, jobId)),
    async terminate(actor: Actor, jobId: string, ip: string) {
      const row = await visibleJob(actor, jobId);
      if (!actor.permissions.has(PERMISSIONS.terminateJob))
        throw forbidden('You do not have permission to terminate jobs.');
      const ended = await db.transaction(async (tx) => {
        const job = await terminateJob(queryOn(tx), jobId, actor.email);
        if (job) await terminated(tx, { id: jobId, inputDataId: job.inputDataId });
        return job !== undefined;
      });
      if (!ended) {
        throw conflict(
          `This job has already ended (${row.status === JobStatus.TERMINATED ? 'terminated' : 'finished'}).`,
        );
      }
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'job.terminate',
        targetType: 'job',
        targetId: jobId,
        organisationId: row.organisationId,
        ip,
        details: { caseId: row.caseId },
      });
      return presentJob(actor, (await findJob(query, jobId)) as JobRow);
    },
    async resources(actor: Actor, jobId: string, outcome: string | undefined, page: PageRequest) {
      await visibleJob(actor, jobId);
      const { count, rows } = await listJobResources(query, jobId, outcome, pageWindow(page));
      return { count, results: rows.map(presentJobResource) };
    },
    async reportCsv(actor: Actor, jobId: string, outcome: string | undefined) {
      await visibleJob(actor, jobId);
      return jobReportCsv((await listJobResources(query, jobId, outcome, null)).rows);
    },
    async jobTypes() {
      const rows = await listJobTypes(query);
      return { count: rows.length, results: rows };
    },
    async queues() {
      const rows = await listQueues(query);
      return { count: rows.length, results: rows };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
