import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JobStatus } from '@cardiomap/contract';
import { type Query, queryOn } from '../../db/query.ts';
import type { JobResult } from '../../modules/jobs/index.ts';
import {
  analysisKeyOf,
  analysisVersionOf,
  buildReport,
  hasReportableAnalysis,
  loadReportFacts,
  NO_REPORT_INPUTS,
  type ReportFigure,
  type ReportInputs,
  type ReportVariant,
  recordGeneratedReports,
  renderReport,
  reportFilename,
  SOFTWARE_VERSION,
} from '../../modules/reports/index.ts';
import { type JobHandler, type RunContext, RunLost } from '../job-runner.ts';
import type { ClaimedRun } from '../runs-repository.ts';
import * as jobRuns from '../runs-repository.ts';
import type { WorkerDeps } from '../worker-deps.ts';

const VARIANTS: readonly ReportVariant[] = ['deidentified', 'identified'];

/**
 * The report job (issue 18 §1): the delivered analysis as PDFs, one per level of patient detail, stored
 * under the job's own keys and registered with the job's completion in one transaction, so a run
 * repeated after a crash replaces its own files. Earlier versions are never touched. A version whose
 * reports exist already is not made again.
 */
export function createReportHandler(deps: WorkerDeps, inputs: ReportInputs = NO_REPORT_INPUTS): JobHandler<'report'> {
  const query = queryOn(deps.database.db);
  return { maxAttempts: 3, work: report };

  async function report({ run, workDir, signal, log, flush }: RunContext<'report'>): Promise<void> {
    const { studyId, withSimulations } = run.params;
    const facts = await loadReportFacts(deps.database.db, studyId, inputs);
    if (!facts) throw new Error('The study no longer exists.');
    if (!hasReportableAnalysis(facts)) {
      return finish(query, run, { outcome: 'nothing-delivered' }, 'Nothing is delivered: earlier reports are kept.');
    }
    const analysisKey = analysisKeyOf(facts);
    const analysisVersion = analysisVersionOf(facts, analysisKey);
    const existing = facts.reports.filter((r) => r.analysisKey === analysisKey);
    if (VARIANTS.every((variant) => existing.some((r) => r.variant === variant))) {
      return finish(query, run, { outcome: 'unchanged', analysisVersion }, 'The report of this analysis exists.');
    }
    const generatedAt = new Date();
    const filename = reportFilename(facts.theCase.caseIdentifier);
    const stored: { variant: ReportVariant; storageKey: string; size: number }[] = [];
    // The figures are read once for both variants (and fitted once: renderReport caches by buffer).
    let figures: ReportFigure[] | undefined;
    for (const [index, variant] of VARIANTS.entries()) {
      await jobRuns.recordProgress(query, run, 10 + index * 40);
      const built = await buildReport(
        facts,
        { db: deps.database.db, variant, withSimulations, publicUrl: deps.webAppUrl, inputs },
        figures === undefined,
      );
      const { config } = built;
      figures ??= built.figures;
      const path = join(workDir, `${variant}.pdf`);
      await renderReport(config, figures, { generatedAt, softwareVersion: SOFTWARE_VERSION }, createWriteStream(path));
      signal.throwIfAborted();
      const { size } = await stat(path);
      const storageKey = `studies/${studyId}/reports/generated/${run.jobId}/${variant}/${filename}`;
      await deps.storage.moveFile(storageKey, path, 'application/pdf');
      stored.push({ variant, storageKey, size });
      log(`Report ${variant === 'identified' ? 'with' : 'without'} patient details: ${(size / 1024).toFixed(0)} kB.`);
    }
    await jobRuns.recordProgress(query, run, 95);
    await flush();
    await deps.database.db.transaction(async (tx) => {
      await recordGeneratedReports(tx, {
        studyId,
        jobId: run.jobId,
        filename,
        analysisKey,
        analysisVersion,
        sourceVersion: SOFTWARE_VERSION,
        files: stored,
      });
      const summary = { outcome: 'generated', analysisVersion } as const;
      await finish(queryOn(tx), run, summary, `Report version ${analysisVersion} ready.`);
    });
  }

  async function finish(q: Query, run: ClaimedRun<'report'>, summary: JobResult<'report'>, message: string) {
    if (!(await jobRuns.finishRun(q, run, JobStatus.COMPLETED, summary, message))) {
      throw new RunLost('The job was terminated while finishing.');
    }
  }
}
