import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CaseStatus, JobStatus } from '@cardiomap/contract';
import { type Query, queryOn } from '../../db/query.ts';
import type { AnatomyModel } from '../../imaging/surface/anatomy-model.ts';
import { buildAnatomyModelInThread } from '../../imaging/surface/anatomy-model-in-thread.ts';
import { GLB_MIME_TYPE } from '../../imaging/surface/glb-writer.ts';
import { NRRD_MIME_TYPE } from '../../imaging/volume/label-nrrd.ts';
import type { JobResult } from '../../modules/jobs/index.ts';
import { SINGLE_PHASE_LABEL } from '../../modules/studies/index.ts';
import { type JobHandler, type RunContext, RunLost } from '../job-runner.ts';
import type { ClaimedRun } from '../runs-repository.ts';
import * as jobRuns from '../runs-repository.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { type PreliminaryModel, removePreliminaryModel, storePreliminaryModel } from './preliminary-model.ts';
import { findCaseVolume } from './preliminary-model-repository.ts';

const SURFACE_VERSION = 'cardiomap-anatomy/1';
const LABELS_FILENAME = 'anatomy-labels.nrrd';
/** Slightly see-through, so landmarks inside the blood pool stay visible. */
const OPACITY = 0.85;
const NO_MODEL = 'no contrast-filled left heart found, so no automatic model.';

/** Cases whose images nobody will look at again. */
const CLOSED: readonly number[] = [CaseStatus.CANCELED, CaseStatus.REJECTED];

/**
 * The surface job: the automatic anatomy of a case (issue 5 §3, issue 31 §1) from the volume ingest
 * stored: the left heart and aorta segmented, a mesh per structure as the scene objects of the study's
 * preliminary analysis (staff-only until an analyst delivers), and the label volume kept beside them.
 * Idempotent: the files are stored under the job's own keys and registered in one transaction with the
 * job's completion, replacing any earlier model. Nothing found means no model, never a threshold blob.
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
    const model = await buildAnatomyModelInThread(volumePath, { signal, log });
    const seconds = model.seconds.toFixed(1);
    signal.throwIfAborted();
    const warnings = model.warnings.length > 0 ? { warnings: model.warnings.slice(0, 50) } : {};

    if (!model.found) {
      log(`No contrast-filled left heart found (${seconds} s); the study gets no automatic model.`);
      await flush();
      const removed = await deps.database.db.transaction(async (tx) => {
        const keys = await removePreliminaryModel(tx, studyId);
        await finish(queryOn(tx), run, { outcome: 'no-contrast', ...warnings }, `Completed: ${NO_MODEL}`);
        return keys;
      });
      await deleteObjects(removed);
      return;
    }

    log(`Model ready in ${seconds} s: ${model.meshes.map((m) => m.name).join(', ')}.`);
    const folder = `cases/${run.caseId}/surface/${run.jobId}`;
    const stored = await Promise.all(
      model.meshes.map(async (mesh) => {
        const filename = `${slug(mesh.name)}.glb`;
        return { mesh, filename, storageKey: await store(`${folder}/${filename}`, mesh.glb, GLB_MIME_TYPE, workDir) };
      }),
    );
    const labelsKey = model.labelsNrrd
      ? await store(`${folder}/${LABELS_FILENAME}`, model.labelsNrrd, NRRD_MIME_TYPE, workDir)
      : null;
    await flush();
    const replaced = await deps.database.db.transaction(async (tx) => {
      const keys = await storePreliminaryModel(tx, modelOf(studyId, stored, labelsKey, model, phase));
      await finish(
        queryOn(tx),
        run,
        { outcome: 'ready', ...warnings },
        'Completed: the automatic anatomy is in the scene.',
      );
      return keys;
    });
    await deleteObjects(replaced);
  }

  /** Writes bytes to storage through a file of the job's folder (the store moves files, it is not handed buffers). */
  async function store(key: string, bytes: Uint8Array, mimeType: string, workDir: string): Promise<string> {
    const path = join(workDir, key.slice(key.lastIndexOf('/') + 1));
    await writeFile(path, bytes);
    await deps.storage.moveFile(key, path, mimeType);
    return key;
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

/** The mesh's name says its phase when the study has phases told apart ('Aorta — 40 %'). */
export const meshNameOf = (name: string, phaseLabel: string | null): string =>
  phaseLabel && phaseLabel !== SINGLE_PHASE_LABEL ? `${name} — ${phaseLabel}` : name;

/** A structure's name as a file name ('Left atrium + LAA' → 'left-atrium-laa'). */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function modelOf(
  studyId: string,
  stored: { mesh: AnatomyModel['meshes'][number]; filename: string; storageKey: string }[],
  labelsKey: string | null,
  model: AnatomyModel,
  phase: { id: string | null; label: string | null },
): PreliminaryModel {
  const phaseAttributes = { phaseId: phase.id, phaseLabel: phase.label ?? SINGLE_PHASE_LABEL };
  return {
    studyId,
    objects: stored.map(({ mesh, filename, storageKey }) => ({
      name: meshNameOf(mesh.name, phase.label),
      filename,
      mimeType: GLB_MIME_TYPE,
      storageKey,
      size: mesh.glb.length,
      color: mesh.color,
      opacity: OPACITY,
      attributes: { isPreliminary: true, units: 'mm', triangles: mesh.triangles, ...phaseAttributes },
    })),
    ...(labelsKey && model.labelsNrrd
      ? {
          segmentation: {
            name: 'Automatic anatomy labels',
            filename: LABELS_FILENAME,
            mimeType: NRRD_MIME_TYPE,
            storageKey: labelsKey,
            size: model.labelsNrrd.length,
            attributes: { lumenHu: model.lumenHu, ...phaseAttributes },
          },
        }
      : {}),
    results: [
      ...model.volumes.map((v) => ({
        name: `${capitalised(v.name)} volume (automatic)`,
        value: v.volumeMl,
        unit: 'ml',
      })),
      ...model.meshes.map((m) => ({
        name: `${m.name} surface (automatic)`,
        value: Math.round(m.areaCm2),
        unit: 'cm²',
      })),
      ...model.proposals,
    ],
    sourceVersion: SURFACE_VERSION,
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
