import { CaseStatus, JobStatus, type ReportGenerateAnswer, type ReportStatus } from '@cardiomap/contract';
import { hasDeliveredOrder, hasObsoletedOrder, PERMISSIONS as P, seesPatientDetails } from '@cardiomap/domain';
import { findVisibleCase, sharedOnly, type VisibleCase } from '../../access/case-access.ts';
import { readAccessOf } from '../../access/read-access.ts';
import { assertResultsReadable } from '../../access/results-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { insertJob } from '../jobs/index.ts';
import { findStudyResource, presentStudyResource, STUDY_NOT_FOUND, type StudyResourceRow } from '../studies/index.ts';
import {
  analysisKeyOf,
  analysisVersionOf,
  buildReport,
  hasReportableAnalysis,
  loadReportFacts,
} from './report-data.ts';
import type { ReportInputs } from './report-inputs.ts';
import {
  caseHasDeliveredOrder,
  findReportCase,
  latestReportJob,
  pendingReportJob,
  queuedReportJob,
  type ReportVariant,
  studyIdOfCase,
} from './repository.ts';

export const REPORT_NOT_DELIVERED = 'The report is available once the analysis is delivered.';
export const NO_REPORT_GENERATE = 'You do not have permission to generate reports.';
export const NOTHING_TO_REPORT = 'There is no delivered analysis to report yet.';
export const REPORT_FAILED = 'The report could not be generated. Please try again.';

/** Sends a queued job's message after commit (a lost one is re-sent by the workers' sweep). */
export type Enqueue = (queueName: string, jobId: string) => Promise<void>;

/** The level of patient detail the actor may see in a report (spec §6). */
const variantFor = (actor: Actor, theCase: VisibleCase): ReportVariant =>
  seesPatientDetails(actor.permissions, theCase) ? 'identified' : 'deidentified';

/** A report job queued in the caller's transaction, to send after commit. */
export type QueuedReportJob = { id: string; queueName: string };

/**
 * Queues the report of the case's study after a change of what it shows, in the caller's transaction;
 * answers the job to send after commit, or null when there is no study, or a report job not yet
 * started will read the change anyway. A delivery change (deliver, undeliver, obsolete) always asks;
 * a change of the analysis's figures or results (`onlyWhenDelivered`) only once something is
 * delivered, so an analyst's work before delivery queues nothing.
 */
export async function requestReportRegeneration(
  tx: DbOrTx,
  request: {
    caseId: string;
    requestedById: string;
    reason?: 'delivery-changed' | 'analysis-changed';
  },
): Promise<QueuedReportJob | null> {
  const query = queryOn(tx);
  const reason = request.reason ?? 'delivery-changed';
  const studyId = await studyIdOfCase(query, request.caseId);
  if (!studyId || (await queuedReportJob(query, request.caseId))) return null;
  if (reason === 'analysis-changed' && !(await caseHasDeliveredOrder(query, request.caseId))) return null;
  return insertJob(query, {
    jobType: 'report',
    params: { studyId, withSimulations: true, reason },
    caseId: request.caseId,
    inputDataId: null,
    createdById: request.requestedById,
  });
}

/**
 * What the analyses module calls when a figure or result of a case changes (in its transaction); the
 * answer is run after commit. Wired in app.ts, so analyses need not import reports (which reads them).
 */
export type ReportContentChanged = (
  tx: DbOrTx,
  change: { caseId: string; requestedById: string },
) => Promise<(() => Promise<void>) | null>;

export function reportContentChangedHook(enqueue: Enqueue): ReportContentChanged {
  return async (tx, change) => {
    const job = await requestReportRegeneration(tx, { ...change, reason: 'analysis-changed' });
    // After commit: a lost message is re-sent by the workers' sweep of queued jobs.
    return job ? () => enqueue(job.queueName, job.id).catch(() => undefined) : null;
  };
}

/** Report config, generation and the generated PDF for the caller (spec §4, §7 `study-report/`). */
export function createReportsService(
  database: Database,
  storage: ObjectStorage,
  options: { enqueue: Enqueue; publicUrl: string; inputs: ReportInputs },
) {
  const { db } = database;
  const query = queryOn(db);

  /** The study's case if visible (404 like a missing study otherwise). */
  async function visible(actor: Actor, studyId: string) {
    const found = await findReportCase(query, studyId);
    if (!found) throw notFound(STUDY_NOT_FOUND);
    const theCase = await findVisibleCase(db, actor, found.caseId).catch(() => {
      throw notFound(STUDY_NOT_FOUND);
    });
    return theCase;
  }
  /**
   * Reading a report follows the viewer's rule (spec §2 guards): delivered, or staff who see undelivered
   * work. `stored`: the generated PDF, which a clinician also keeps once the delivery was obsoleted
   * (issue 30 §2: watermarked, and it stays while a newer delivery is under way); the live config is
   * built from the study as it is now, so it needs a delivered or finished (completed) case.
   */
  async function readable(actor: Actor, studyId: string, options: { stored: boolean }) {
    const theCase = await visible(actor, studyId);
    // Case.accessDenied: the viewer's refusal, for the PDF of the same results.
    assertResultsReadable(actor, theCase);
    if (actor.permissions.has(P.viewUndeliveredAnalyses) || hasDeliveredOrder(theCase)) return theCase;
    const keepsObsolete = hasObsoletedOrder(theCase) && (options.stored || theCase.status === CaseStatus.COMPLETED);
    if (!keepsObsolete) throw forbidden(REPORT_NOT_DELIVERED);
    return theCase;
  }
  const canGenerate = (actor: Actor, theCase: VisibleCase) =>
    actor.permissions.has(P.addStudyResource) && !sharedOnly(actor, theCase.organisationId);

  async function status(actor: Actor, studyId: string, theCase: VisibleCase): Promise<ReportStatus> {
    const facts = await loadReportFacts(db, studyId, options.inputs);
    if (!facts) throw notFound(STUDY_NOT_FOUND);
    const key = analysisKeyOf(facts);
    const variant = variantFor(actor, theCase);
    const ofVariant = facts.reports.filter((r) => r.variant === variant);
    const served = ofVariant.find((r) => r.analysisKey === key) ?? ofVariant[0];
    const row = served ? await findStudyResource(query, served.id) : undefined;
    const [pending, latest] = await Promise.all([
      pendingReportJob(query, theCase.id),
      latestReportJob(query, theCase.id),
    ]);
    const failed = !pending && latest?.status === JobStatus.FAILED;
    return {
      studyId,
      generating: pending !== null,
      progress: pending ? (latest?.summary?.progress ?? 0) : 0,
      error: failed ? REPORT_FAILED : null,
      analysisVersion: analysisVersionOf(facts, key),
      report: row
        ? await presentStudyResource(storage, row as StudyResourceRow, readAccessOf(actor, theCase.id))
        : null,
      isOutdated: served !== undefined && served.analysisKey !== key,
      canGenerate: canGenerate(actor, theCase),
    };
  }

  return {
    /** GET studies/{id}/report-config/: what the caller's report is made from. */
    async config(actor: Actor, studyId: string, withSimulations: boolean) {
      const theCase = await readable(actor, studyId, { stored: false });
      const facts = await loadReportFacts(db, studyId, options.inputs);
      if (!facts) throw notFound(STUDY_NOT_FOUND);
      const variant = variantFor(actor, theCase);
      return (
        await buildReport(
          facts,
          { db, variant, withSimulations, publicUrl: options.publicUrl, inputs: options.inputs },
          true,
        )
      ).config;
    },

    /** GET study-report/{id}/: the caller's report of the study and whether one is being generated. */
    async get(actor: Actor, studyId: string) {
      const theCase = await readable(actor, studyId, { stored: true });
      return status(actor, studyId, theCase);
    },

    /**
     * POST study-report/: generates the report of the delivered analysis as a job. Asking again for the
     * same analysis version, or while a job is under way, queues nothing; the answer's `outcome` says
     * which, so the user is told the report is up to date rather than nothing (issue 30 §6).
     */
    async generate(actor: Actor, studyId: string, ip: string): Promise<ReportGenerateAnswer> {
      const theCase = await visible(actor, studyId);
      if (!canGenerate(actor, theCase)) throw forbidden(NO_REPORT_GENERATE);
      const { outcome, job: queued } = await db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        // One generation at a time per case: the case row is the lock.
        await findVisibleCase(tx, actor, theCase.id, { forUpdate: true });
        const facts = await loadReportFacts(tx, studyId, options.inputs);
        if (!facts || !hasReportableAnalysis(facts)) throw conflict(NOTHING_TO_REPORT, 'nothing_delivered');
        if (await pendingReportJob(txQuery, theCase.id)) return { outcome: 'already-generating' as const, job: null };
        const key = analysisKeyOf(facts);
        // Both variants (identified, de-identified) of this analysis version exist: nothing to redo.
        if (facts.reports.filter((r) => r.analysisKey === key).length >= 2)
          return { outcome: 'up-to-date' as const, job: null };
        const job = await insertJob(txQuery, {
          jobType: 'report',
          params: { studyId, withSimulations: true, reason: 'requested' },
          caseId: theCase.id,
          inputDataId: null,
          createdById: actor.userId,
        });
        await audit(tx, actor, theCase, ip, job.id);
        return { outcome: 'queued' as const, job };
      });
      // After commit: a lost message is re-sent by the workers' sweep of queued jobs.
      if (queued) await options.enqueue(queued.queueName, queued.id).catch(() => undefined);
      return { ...(await status(actor, studyId, theCase)), outcome };
    },
  };

  function audit(tx: DbOrTx, actor: Actor, theCase: VisibleCase, ip: string, jobId: string) {
    return recordAudit(tx, {
      actorId: actor.userId,
      action: 'report.generate',
      targetType: 'case',
      targetId: theCase.id,
      organisationId: theCase.organisationId,
      ip,
      details: { jobId },
    });
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;
