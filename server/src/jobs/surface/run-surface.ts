import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CaseStatus, JobStatus } from '@cardiomap/contract';
import { type Query, queryOn } from '../../db/query.ts';
import { DEFAULT_BLOOD_POOL } from '../../imaging/surface/blood-pool-field.ts';
import { DEFAULT_SURFACE, type SurfaceResult } from '../../imaging/surface/extract-surface.ts';
import { extractSurfaceInThread } from '../../imaging/surface/extract-surface-in-thread.ts';
import { GLB_MIME_TYPE } from '../../imaging/surface/glb-writer.ts';
import type { JobResult } from '../../modules/jobs/index.ts';
import { SINGLE_PHASE_LABEL } from '../../modules/studies/index.ts';
import { type JobHandler, type RunContext, RunLost } from '../job-runner.ts';
import type { ClaimedRun } from '../runs-repository.ts';
import * as jobRuns from '../runs-repository.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { removePreliminaryModel, storePreliminaryModel } from './preliminary-model.ts';
import { findCaseVolume } from './preliminary-model-repository.ts';

const SURFACE_VERSION = 'cardiomap-surface/1';
const FILENAME = 'blood-pool-preliminary.glb';
/** Blood red, slightly see-through, so landmarks inside the pool stay visible. */
const COLOR = '#c0392b';
const OPACITY = 0.85;

/** Cases whose images nobody will look at again. */
const CLOSED: readonly number[] = [CaseStatus.CANCELED, CaseStatus.REJECTED];

/**
 * The surface job: the preliminary 3D model of a case (issue 5 §3), from the volume ingest stored, as a
 * scene object of the study's preliminary analysis. Idempotent: the mesh is stored under the job's own
 * key and registered in one transaction with the job's completion, replacing any earlier model.
 * A failure leaves the case as it is: the model is a convenience, not a step of the case.
 */
export function createSurfaceHandler(deps: WorkerDeps): JobHandler<'surface'> {
  const query = queryOn(deps.database.db);
  return { maxAttempts: 2, work: surface };

  async function surface({ run, workDir, signal, log, flush }: RunContext<'surface'>): Promise<void> {
    const found = await findCaseVolume(query, run.caseId);
    if (!found) throw new Error('The case no longer exists.');
    if (CLOSED.includes(found.status)) return skip(run, 'skipped', 'The case is canceled or rejected: nothing to do.');
    if (!found.studyId || !found.volumeKey) return skip(run, 'no-volume', 'The case has no volume yet: nothing to do.');
    const studyId = found.studyId;
    // Issue 28: the model is of the default cardiac phase, and says so.
    const phase = { id: found.phaseId, label: found.phaseLabel };
    if (phase.label) log(`Modelling the default cardiac phase, ${phase.label}.`);

    const volumePath = await volumeOnDisk(found.volumeKey, workDir, signal, log);
    const started = Date.now();
    const result = await extractSurfaceInThread(volumePath, { signal, log });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    signal.throwIfAborted();

    if (!result) {
      log(`No contrast-enhanced blood found (${seconds} s); the study gets no preliminary model.`);
      await flush();
      const removed = await deps.database.db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        const keys = await removePreliminaryModel(tx, studyId);
        await finish(txQuery, run, { outcome: 'no-contrast' }, 'Completed: no contrast-enhanced blood to model.');
        return keys;
      });
      await deleteObjects(removed);
      return;
    }

    log(`Model ready in ${seconds} s: ${result.triangles} triangles, ${result.volumeMl.toFixed(0)} ml enclosed.`);
    const glbPath = join(workDir, FILENAME);
    await writeFile(glbPath, result.glb);
    const storageKey = `cases/${run.caseId}/surface/${run.jobId}/${FILENAME}`;
    await deps.storage.moveFile(storageKey, glbPath, GLB_MIME_TYPE);
    await flush();
    const replaced = await deps.database.db.transaction(async (tx) => {
      const txQuery = queryOn(tx);
      const keys = await storePreliminaryModel(tx, modelOf(studyId, storageKey, result, phase));
      await finish(txQuery, run, { outcome: 'ready' }, 'Completed: the preliminary 3D model is in the scene.');
      return keys;
    });
    await deleteObjects(replaced);
  }

  /** The volume as a local file: a local store's own file in place, else a copy in the job folder. */
  async function volumeOnDisk(key: string, workDir: string, signal: AbortSignal, log: (line: string) => void) {
    if (deps.storage.localPath) return deps.storage.localPath(key);
    log('Copying the volume from storage.');
    const path = join(workDir, 'volume.cmvol');
    await pipeline(await deps.storage.read(key), createWriteStream(path), { signal });
    return path;
  }

  async function skip(run: ClaimedRun<'surface'>, outcome: 'skipped' | 'no-volume', message: string): Promise<void> {
    await finish(query, run, { outcome }, message);
  }

  async function finish(q: Query, run: ClaimedRun<'surface'>, summary: JobResult<'surface'>, message: string) {
    if (!(await jobRuns.finishRun(q, run, JobStatus.COMPLETED, summary, message))) {
      throw new RunLost('The job was terminated while finishing.');
    }
  }

  /** Objects of the model replaced; a failure here only leaves an orphan behind. */
  async function deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  }
}

/** The mesh's name says its phase when the study has phases told apart ('Blood pool (preliminary) — 40 %'). */
export const meshNameOf = (phaseLabel: string | null): string =>
  phaseLabel && phaseLabel !== SINGLE_PHASE_LABEL ? `${DEFAULT_SURFACE.name} — ${phaseLabel}` : DEFAULT_SURFACE.name;

function modelOf(
  studyId: string,
  storageKey: string,
  result: SurfaceResult,
  phase: { id: string | null; label: string | null },
) {
  const { lowHu, highHu } = DEFAULT_BLOOD_POOL;
  return {
    studyId,
    objects: [
      {
        name: meshNameOf(phase.label),
        filename: FILENAME,
        mimeType: GLB_MIME_TYPE,
        storageKey,
        size: result.glb.length,
        color: COLOR,
        opacity: OPACITY,
        attributes: {
          isPreliminary: true,
          units: 'mm',
          triangles: result.triangles,
          vertices: result.vertices,
          voxelMm: result.voxelMm,
          thresholdHu: [lowHu, highHu],
          phaseId: phase.id,
          phaseLabel: phase.label ?? SINGLE_PHASE_LABEL,
        },
      },
    ],
    results: [
      { name: 'Blood pool volume (preliminary)', value: Math.round(result.volumeMl), unit: 'ml' },
      { name: 'Blood pool surface (preliminary)', value: Math.round(result.areaCm2), unit: 'cm²' },
    ],
    sourceVersion: SURFACE_VERSION,
  };
}
