import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CaseStatus, JobStatus } from '@cardiomap/contract';
import type { Tx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { ingestZip } from '../../imaging/ingest/ingest-zip.ts';
import { dispatchMail } from '../../mail/outbox.ts';
import { recordAudit } from '../../modules/audit/index.ts';
import { applyCaseTransition, type CaseTransitionOutcome, findIngestFacts } from '../../modules/cases/index.ts';
import { PermanentJobFailure } from '../../modules/jobs/index.ts';
import { notifyImagesAccepted, notifyInputInvalid } from '../../modules/notifications/index.ts';
import { registerIngestOutputs } from '../../modules/studies/index.ts';
import { findInputData, recordIngestOutcome } from '../../modules/uploads/index.ts';
import { sha256OfFile } from '../../storage/object-hash.ts';
import { insertFollowUps, sendFollowUps } from '../follow-ups.ts';
import { type JobHandler, RunLost } from '../job-runner.ts';
import type { ClaimedRow, ClaimedRun } from '../runs-repository.ts';
import * as jobRuns from '../runs-repository.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { describeSeries, summarise } from './ingest-report.ts';

/** A fault (not bad input) is tried this many times before the case is marked 'could not be processed'. */
export const MAX_ATTEMPTS = 3;
const INGEST_VERSION = 'cardiomap-ingest/1';

/** Cases whose images nobody will look at again. */
const CLOSED: readonly CaseStatus[] = [CaseStatus.CANCELED, CaseStatus.REJECTED];

/**
 * The case was canceled or rejected while the run worked: it keeps nothing of it. A refusal for another
 * reason is not one: a staff re-run of an in-progress case finds it already in progress.
 */
const closedMeanwhile = (moved: CaseTransitionOutcome) =>
  !moved.applied && moved.status !== undefined && CLOSED.includes(moved.status);
const CLOSED_MEANWHILE = 'The case was canceled or rejected while its images were processed: nothing is kept.';

/**
 * The ingest job (architecture.md §5.3) around the pure pipeline of imaging/: copies the upload into the
 * job's own folder, runs the pipeline, stores its outputs and records the outcome in one transaction; the
 * generic runner claims the Job row, logs, retries and fails it. Idempotent: outputs are keyed by job (and
 * cardiac phase) and upserted by type and phase, so a run repeated after a crash replaces, never
 * duplicates, and leaves no phase of another run behind.
 */
export function createIngestHandler(deps: WorkerDeps): JobHandler<'ingest'> {
  const { database, storage } = deps;
  const query = queryOn(database.db);
  return {
    maxAttempts: MAX_ATTEMPTS,
    work: ({ run, workDir, signal, log, flush }) => ingest(run, workDir, signal, log, flush),
    onFailed: markNotProcessable,
  };

  /**
   * The upload as a file the zip reader can open. A local store's own file is read in place (read-only:
   * the reader only opens it, and an object is replaced by rename, so an open file never changes under
   * it); other stores are copied into the job folder first.
   */
  async function uploadOnDisk(
    key: string,
    size: number | null | undefined,
    workDir: string,
    signal: AbortSignal,
    logLine: (line: string) => void,
  ): Promise<string> {
    if (storage.localPath) {
      logLine(`Reading the upload (${size ?? '?'} bytes) in place in storage.`);
      return storage.localPath(key);
    }
    const zipPath = join(workDir, 'upload.zip');
    logLine(`Copying the upload (${size ?? '?'} bytes) from storage.`);
    await pipeline(await storage.read(key), createWriteStream(zipPath), { signal });
    return zipPath;
  }

  /**
   * The upload must be the file confirmed: a write that reached its link afterwards (S3 cannot refuse
   * one before the link expires) is never processed, on the first run nor on a staff re-run (issue 22).
   * Uploads confirmed before hashes were kept have none to compare.
   */
  async function assertUnchanged(
    input: { id: string; caseId: string; sha256: string | null },
    zipPath: string,
    run: ClaimedRun<'ingest'>,
    logLine: (line: string) => void,
  ): Promise<void> {
    if (!input.sha256) return;
    const actual = await sha256OfFile(zipPath);
    if (actual === input.sha256) {
      logLine('The upload is the file confirmed (SHA-256 checked).');
      return;
    }
    await recordAudit(database.db, {
      actorId: null,
      action: 'input-data.changed',
      targetType: 'case',
      targetId: input.caseId,
      details: { inputDataId: input.id, jobId: run.jobId, confirmed: input.sha256, found: actual },
    });
    throw new PermanentJobFailure(
      'The uploaded file changed after it was confirmed (its SHA-256 differs): it is not processed. Upload the images again.',
    );
  }

  async function ingest(
    run: ClaimedRun<'ingest'>,
    workDir: string,
    signal: AbortSignal,
    logLine: (line: string) => void,
    flush: () => Promise<void>,
  ): Promise<void> {
    const input = run.inputDataId ? await findInputData(query, run.inputDataId) : undefined;
    const facts = await findIngestFacts(query, run.caseId);
    if (!input || !facts) throw new Error('The upload or its case no longer exists.');
    if (CLOSED.includes(facts.status)) {
      await jobRuns.finishRun(
        query,
        run,
        JobStatus.COMPLETED,
        { outcome: 'skipped' },
        'The case is canceled or rejected: nothing to do.',
      );
      return;
    }
    await recordIngestOutcome(database.db, input.id, { kind: 'started' });

    const zipPath = await uploadOnDisk(input.storageKey, input.size, workDir, signal, logLine);
    await assertUnchanged(input, zipPath, run, logLine);
    const acknowledgeGaps = run.params.acknowledgeGaps === true;
    if (acknowledgeGaps) {
      logLine(
        `Gap acknowledged by ${run.params.acknowledgedBy} when asking to process again: ` +
          `${run.params.acknowledgedGap}.`,
      );
    }
    const started = Date.now();
    const result = await ingestZip({
      zipPath,
      workDir,
      pseudonym: facts.caseIdentifier,
      uidSecret: facts.deidSecret,
      seriesInstanceUid: typeof run.params.seriesUid === 'string' ? run.params.seriesUid : undefined,
      acknowledgeGaps,
      // Issue 28: the intervention decides the default cardiac phase of a gated series.
      intervention: facts.intervention,
      volumeDeflateLevel: deps.volumeDeflateLevel,
      log: logLine,
      signal,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const series = describeSeries(result, facts.deidSecret);
    const summary = summarise(result);

    if (result.outcome === 'invalid') {
      logLine(`Nothing usable was found (${seconds} s): ${result.reasons.join(' ')}`);
      await flush();
      const mails = await database.db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        // First, under the case's lock: a case canceled meanwhile is told nothing more.
        const moved = await applyCaseTransition(tx, run.caseId, 'markInvalidInput', { by: null });
        if (closedMeanwhile(moved)) {
          await finishSkipped(tx, run, input.id);
          return [];
        }
        await jobRuns.replaceJobResources(txQuery, run.jobId, reportLines(result.files, series.keyOf));
        await recordIngestOutcome(tx, input.id, { kind: 'invalid', reasons: result.reasons, series: series.stored });
        if (!(await jobRuns.finishRun(txQuery, run, JobStatus.COMPLETED, summary, 'Completed: invalid input.'))) {
          throw new RunLost('The job was terminated while finishing.');
        }
        return notifyInputInvalid(txQuery, {
          caseId: run.caseId,
          inputDataId: input.id,
          reasons: result.reasons,
          paths: result.files.map((f) => f.path),
          baseUrl: deps.webAppUrl,
        });
      });
      await dispatchMail(deps.queue, mails, deps.log);
      return;
    }

    const { phases, defaultPhaseReason } = result;
    logLine(
      phases.length > 1
        ? `Series ready in ${seconds} s: ${phases.length} cardiac phases (${phases.map((p) => p.label).join(', ')}); ` +
            `default ${phases.find((p) => p.isDefault)?.label}: ${defaultPhaseReason}`
        : `Series ready in ${seconds} s; storing the de-identified images and the volume.`,
    );
    const prefix = `cases/${run.caseId}/ingest/${run.jobId}`;
    const dicomKey = `${prefix}/${facts.caseIdentifier}-dicom.zip`;
    // One volume per phase, keyed by job and phase: a re-run never writes over what a reader may hold.
    const volumes = phases.map((phase) => {
      const filename =
        phases.length > 1 ? `${facts.caseIdentifier}-phase-${phase.index}.cmvol` : `${facts.caseIdentifier}.cmvol`;
      return { phase, filename, key: `${prefix}/${filename}` };
    });
    const [dicomSize, ...volumeSizes] = await Promise.all([
      stat(result.deidentifiedZipPath).then((s) => s.size),
      ...volumes.map((v) => stat(v.phase.volumePath).then((s) => s.size)),
    ]);
    // Moved, not copied: with local storage on the same disk, publishing a 1 GB volume is a rename. All
    // at once: each waits on its own fsync.
    await Promise.all([
      storage.moveFile(dicomKey, result.deidentifiedZipPath, 'application/zip'),
      ...volumes.map((v) => storage.moveFile(v.key, v.phase.volumePath, 'application/octet-stream')),
    ]);
    signal.throwIfAborted();
    await flush();

    const stored = await database.db.transaction(async (tx) => {
      const txQuery = queryOn(tx);
      // First, under the case's lock: a case canceled while the run worked keeps no study and hears nothing.
      const moved = await applyCaseTransition(tx, run.caseId, 'startProcessing', { by: null });
      if (closedMeanwhile(moved)) {
        await finishSkipped(tx, run, input.id);
        return null;
      }
      const outputs = await registerIngestOutputs(tx, {
        caseId: run.caseId,
        inputDataId: input.id,
        sourceVersion: INGEST_VERSION,
        dicom: {
          name: 'Pseudonymised DICOM',
          filename: `${facts.caseIdentifier}-dicom.zip`,
          storageKey: dicomKey,
          size: dicomSize,
          sliceCount: result.deidentifiedFileCount,
        },
        volumes: volumes.map(({ phase, filename, key }, i) => ({
          index: phase.index,
          label: phase.label,
          percent: phase.percent,
          triggerTimeMs: phase.triggerTimeMs,
          isDefault: phase.isDefault,
          filename,
          storageKey: key,
          size: volumeSizes[i] ?? 0,
          attributes: {
            interpolationType: phase.volume.interpolationType,
            dimensions: phase.volume.dimensions,
            spacing: phase.volume.spacing,
            origin: phase.volume.origin,
            direction: phase.volume.direction,
            levels: phase.volume.levels,
            sliceCount: phase.sliceCount,
            // The report's footer names the study by its pseudonymised UID (issue 18 §2).
            studyInstanceUid: series.studyUid,
          },
        })),
      });
      await jobRuns.replaceJobResources(txQuery, run.jobId, reportLines(result.files, series.keyOf));
      await recordIngestOutcome(tx, input.id, { kind: 'processed', warnings: result.warnings, series: series.stored });
      const followUps = await insertFollowUps(txQuery, 'ingest', run);
      if (!(await jobRuns.finishRun(txQuery, run, JobStatus.COMPLETED, summary, 'Completed: the volume is ready.'))) {
        throw new RunLost('The job was terminated while finishing.');
      }
      return {
        replaced: outputs.replacedKeys,
        followUps,
        mails: await notifyImagesAccepted(txQuery, {
          caseId: run.caseId,
          inputDataId: input.id,
          baseUrl: deps.webAppUrl,
        }),
      };
    });
    if (!stored) {
      // The objects this run published belong to no study: removed, or they would only be orphans.
      await Promise.all([dicomKey, ...volumes.map((v) => v.key)].map((key) => removeOrphan(key)));
      return;
    }
    const { replaced, followUps, mails } = stored;
    deps.metrics?.slicesIngested(phases.reduce((sum, p) => sum + p.sliceCount, 0));
    await sendFollowUps(deps.queue, followUps);
    await dispatchMail(deps.queue, mails, deps.log);
    // The previous run's objects, replaced above.
    await Promise.all(replaced.map((key) => removeOrphan(key)));
  }

  /** An object nothing refers to any more; a failure to remove it only leaves an orphan behind. */
  async function removeOrphan(key: string): Promise<void> {
    await storage
      .delete(key)
      .catch((error) => deps.log.warn({ err: error, key }, 'an orphaned object was not removed'));
  }

  /** The case closed while the run worked: the run ends as skipped and the upload is as it was. */
  async function finishSkipped(tx: Tx, run: ClaimedRun<'ingest'>, inputDataId: string): Promise<void> {
    const txQuery = queryOn(tx);
    await recordIngestOutcome(tx, inputDataId, { kind: 'skipped' });
    if (!(await jobRuns.finishRun(txQuery, run, JobStatus.COMPLETED, { outcome: 'skipped' }, CLOSED_MEANWHILE))) {
      throw new RunLost('The job was terminated while finishing.');
    }
  }

  /** The last attempt failed (or the job could not be run): say so on the upload and the case. */
  async function markNotProcessable(tx: Tx, run: ClaimedRow): Promise<void> {
    if (run.inputDataId) {
      await recordIngestOutcome(tx, run.inputDataId, {
        kind: 'failed',
        reasons: ['The images could not be processed. Our team has been notified and will look into it.'],
      });
    }
    // Refused for a case canceled or rejected meanwhile: it stays as it is.
    await applyCaseTransition(tx, run.caseId, 'markNotProcessable', { by: null });
  }
}

function reportLines(
  files: { path: string; bytes: number; outcome: string; seriesInstanceUid?: string; code?: string; reason?: string }[],
  keyOf: (uid: string | undefined) => string | undefined,
) {
  return files.map((f) => ({
    path: f.path,
    bytes: f.bytes,
    outcome: f.outcome,
    code: f.code,
    reason: f.reason,
    seriesKey: keyOf(f.seriesInstanceUid),
  }));
}
