import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CaseStatus, InputDataStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { CASE_TRANSITIONS } from '@cardiomap/domain';
import { queryOn } from '../../db/query.ts';
import { ingestZip } from '../../imaging/ingest/ingest-zip.ts';
import { findIngestFacts, transitionCase } from '../../modules/cases/index.ts';
import { type ClaimedRun, jobRuns } from '../../modules/jobs/index.ts';
import { ensureStudy, upsertIngestResource } from '../../modules/studies/index.ts';
import { findInputData, recordProcessing, setInputDataStatus } from '../../modules/uploads/index.ts';
import { insertFollowUps, sendFollowUps } from '../follow-ups.ts';
import type { JobMessage } from '../job-queue.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { describeSeries, summarise } from './ingest-report.ts';

/** A fault (not bad input) is tried this many times before the case is marked 'could not be processed'. */
export const MAX_ATTEMPTS = 3;
const HEARTBEAT_MS = 5000;
const LOG_FLUSH_MS = 2000;
const INGEST_VERSION = 'cardiomap-ingest/1';

class RunLost extends Error {}

/** Cases whose images nobody will look at again. */
const CLOSED: readonly CaseStatus[] = [CaseStatus.CANCELED, CaseStatus.REJECTED];

/**
 * The ingest job (architecture.md §5.3) around the pure pipeline of imaging/: claims the Job row, copies
 * the upload into the job's own folder, runs the pipeline, stores its outputs and records the outcome in
 * one transaction. Idempotent: outputs are keyed by job and upserted by type, so a run repeated after a
 * crash replaces, never duplicates.
 */
export function createIngestRunner(deps: WorkerDeps) {
  const { database, storage, log } = deps;
  const query = queryOn(database.db);
  const inFlight = new Map<string, { abort: AbortController; run: ClaimedRun }>();
  let stopping = false;

  async function run(message: JobMessage): Promise<void> {
    if (stopping) return;
    const run = await jobRuns.claimRun(query, message.jobId, randomUUID());
    if (!run) return; // Done, terminated, or another worker holds it.
    const abort = new AbortController();
    inFlight.set(run.jobId, { abort, run });
    const pending: { at: string; message: string }[] = [];
    const flush = async () => {
      const lines = pending.splice(0);
      await jobRuns.appendLog(query, run, lines).catch(() => pending.unshift(...lines));
    };
    const beat = setInterval(() => {
      jobRuns
        .heartbeat(query, run)
        .then((held) => {
          if (!held) abort.abort(new RunLost('The job was terminated or taken over.'));
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    const flusher = setInterval(() => void flush(), LOG_FLUSH_MS);
    await mkdir(deps.tempDir, { recursive: true });
    const workDir = await mkdtemp(join(deps.tempDir, `job-${run.jobId}-`));
    try {
      await ingest(
        run,
        workDir,
        abort.signal,
        (message) => pending.push({ at: new Date().toISOString(), message }),
        flush,
      );
    } catch (error) {
      await flush();
      if (abort.signal.aborted) {
        log.info({ jobId: run.jobId }, 'ingest stopped: terminated, taken over or shutting down');
        return;
      }
      await failed(run, error as Error);
    } finally {
      clearInterval(beat);
      clearInterval(flusher);
      inFlight.delete(run.jobId);
      await rm(workDir, { recursive: true, force: true });
    }
  }

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

  async function ingest(
    run: ClaimedRun,
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
    await setInputDataStatus(query, input.id, InputDataStatus.PROCESSING);

    const zipPath = await uploadOnDisk(input.storageKey, input.size, workDir, signal, logLine);
    const started = Date.now();
    const result = await ingestZip({
      zipPath,
      workDir,
      pseudonym: facts.caseIdentifier,
      uidSecret: facts.deidSecret,
      seriesInstanceUid: typeof run.params.seriesUid === 'string' ? run.params.seriesUid : undefined,
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
      await database.db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        await jobRuns.replaceJobResources(txQuery, run.jobId, reportLines(result.files, series.keyOf));
        await recordProcessing(txQuery, input.id, {
          status: InputDataStatus.INVALID,
          reasons: result.reasons,
          warnings: [],
          series: series.stored,
        });
        const t = CASE_TRANSITIONS.markInvalidInput;
        await transitionCase(txQuery, run.caseId, t.from, t.to);
        if (!(await jobRuns.finishRun(txQuery, run, JobStatus.COMPLETED, summary, 'Completed: invalid input.'))) {
          throw new RunLost('The job was terminated while finishing.');
        }
      });
      return;
    }

    logLine(`Series ready in ${seconds} s; storing the de-identified images and the volume.`);
    const prefix = `cases/${run.caseId}/ingest/${run.jobId}`;
    const dicomKey = `${prefix}/${facts.caseIdentifier}-dicom.zip`;
    const volumeKey = `${prefix}/${facts.caseIdentifier}.cmvol`;
    const [dicomSize, volumeSize] = await Promise.all([
      stat(result.deidentifiedZipPath).then((s) => s.size),
      stat(result.volumePath).then((s) => s.size),
    ]);
    // Moved, not copied: with local storage on the same disk, publishing a 1 GB volume is a rename. Both
    // at once: each waits on its own fsync.
    await Promise.all([
      storage.moveFile(dicomKey, result.deidentifiedZipPath, 'application/zip'),
      storage.moveFile(volumeKey, result.volumePath, 'application/octet-stream'),
    ]);
    signal.throwIfAborted();
    await flush();

    const { replaced, followUps } = await database.db.transaction(async (tx) => {
      const txQuery = queryOn(tx);
      const studyId = await ensureStudy(txQuery, run.caseId);
      const common = { studyId, inputDataId: input.id, sourceVersion: INGEST_VERSION };
      const dicom = await upsertIngestResource(txQuery, {
        ...common,
        type: StudyResourceType.PSEUDONYMIZED_DICOM,
        name: 'Pseudonymised DICOM',
        filename: `${facts.caseIdentifier}-dicom.zip`,
        mimeType: 'application/zip',
        storageKey: dicomKey,
        size: dicomSize,
        attributes: { sliceCount: result.volume.dimensions[2] },
      });
      const volume = await upsertIngestResource(txQuery, {
        ...common,
        type: StudyResourceType.DICOM_VOLUME,
        name: 'DICOM volume',
        filename: `${facts.caseIdentifier}.cmvol`,
        mimeType: 'application/vnd.cardiomap.volume',
        storageKey: volumeKey,
        size: volumeSize,
        attributes: {
          interpolationType: result.volume.interpolationType,
          dimensions: result.volume.dimensions,
          spacing: result.volume.spacing,
          origin: result.volume.origin,
          direction: result.volume.direction,
          levels: result.volume.levels,
          sliceCount: result.volume.dimensions[2],
        },
      });
      await jobRuns.replaceJobResources(txQuery, run.jobId, reportLines(result.files, series.keyOf));
      await recordProcessing(txQuery, input.id, {
        status: InputDataStatus.PROCESSED,
        reasons: [],
        warnings: result.warnings,
        series: series.stored,
      });
      const t = CASE_TRANSITIONS.startProcessing;
      await transitionCase(txQuery, run.caseId, t.from, t.to);
      const followUps = await insertFollowUps(txQuery, 'ingest', run);
      if (!(await jobRuns.finishRun(txQuery, run, JobStatus.COMPLETED, summary, 'Completed: the volume is ready.'))) {
        throw new RunLost('The job was terminated while finishing.');
      }
      return {
        replaced: [dicom.replacedKey, volume.replacedKey].filter((key): key is string => key !== null),
        followUps,
      };
    });
    await sendFollowUps(deps.queue, followUps);
    // The previous run's objects, replaced above; a failure here only leaves an orphan behind.
    await Promise.all(replaced.map((key) => storage.delete(key).catch(() => undefined)));
  }

  /** A fault: try again later, or give up and say so on the case. */
  async function failed(run: ClaimedRun, error: Error): Promise<void> {
    log.error({ err: error, jobId: run.jobId, attempt: run.attempts }, 'ingest failed');
    const reason = error.message || String(error);
    if (run.attempts < MAX_ATTEMPTS) {
      if (await jobRuns.finishRun(query, run, JobStatus.QUEUED, null, `Attempt ${run.attempts} failed: ${reason}`)) {
        await deps.queue.send('imaging', { jobId: run.jobId }, { startAfterSeconds: 5 * run.attempts });
      }
      return;
    }
    await database.db.transaction(async (tx) => {
      const txQuery = queryOn(tx);
      const summary = { outcome: 'failed', reasons: [reason] };
      if (!(await jobRuns.finishRun(txQuery, run, JobStatus.FAILED, summary, `Failed: ${reason}`))) return;
      if (run.inputDataId) {
        await recordProcessing(txQuery, run.inputDataId, {
          status: InputDataStatus.FAILED,
          reasons: ['The images could not be processed. Our team has been notified and will look into it.'],
          warnings: [],
          series: null,
        });
      }
      const t = CASE_TRANSITIONS.markNotProcessable;
      await transitionCase(txQuery, run.caseId, t.from, t.to);
    });
  }

  return {
    run,
    /** Shutting down: stop the runs in flight and hand them back to the queue for the next process. */
    async stop() {
      stopping = true;
      for (const { abort, run } of inFlight.values()) {
        abort.abort(new RunLost('Shutting down.'));
        await jobRuns.finishRun(query, run, JobStatus.QUEUED, null, 'Interrupted by a shutdown; will resume.');
      }
    },
  };
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
