import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnalysisResourceType, AnalysisType, CaseStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLabelNrrd } from '../../../src/imaging/volume/label-nrrd.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { writePhantomVolume } from '../surface/phantom-volume.ts';
import { layoutOf, sphere, voxelToPatient, writeShapesVolume } from '../surface/shapes-volume.ts';
import { objectGone } from './object-gone.ts';

/**
 * The surface job inside the app: a case with a stored gated cardiac CT gets its automatic anatomy (issue
 * 31 §1) registered as the preliminary analysis: a scene object per structure and the label volume; a
 * re-run replaces, never duplicates; a scan without a contrast-filled left heart gets no model and says why.
 */
describe('surface job', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    dir = await mkdtemp(join(tmpdir(), 'cm-surface-job-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const layout = layoutOf([48, 48, 40], [1, 1, 1.25], [-20, 30, -100]);
  const centre = voxelToPatient(layout, 24, 22, 20);

  /** An in-progress case whose study holds the given volume file as its one volume. */
  async function caseWithVolumeFile(path: string) {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
    const key = `cases/${c.id}/ingest/test/volume.cmvol`;
    await t.app.storage.writeFile(key, path);
    await t.database.query(
      `WITH s AS (INSERT INTO studies (case_id) VALUES ($1) RETURNING id)
       INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key)
       SELECT s.id, ${StudyResourceType.DICOM_VOLUME}, 'DICOM volume', 'v.cmvol', 'application/octet-stream', $2 FROM s`,
      [c.id, key],
    );
    return c;
  }

  /** A bright ball in soft tissue: contrast, but nothing shaped like an aorta. */
  async function ballVolume(name: string, hu: number): Promise<string> {
    const path = join(dir, `${name}.cmvol`);
    await writeShapesVolume(path, layout, -101, [sphere(centre, 12, hu)]);
    return path;
  }

  let heartPath: string;
  let heart: Awaited<ReturnType<typeof writePhantomVolume>>;
  beforeAll(async () => {
    heartPath = join(dir, 'heart.cmvol');
    heart = await writePhantomVolume(heartPath);
  }, 120_000);

  async function runSurfaceJob(caseId: string) {
    const [job] = await t.database.query<{ id: string }>(
      `INSERT INTO jobs (case_id, job_type_id) SELECT $1, id FROM job_types WHERE name = 'surface' RETURNING id`,
      [caseId],
    );
    const jobId = job?.id ?? '';
    await t.app.queue.send('imaging', { jobId });
    const until = Date.now() + 150_000;
    while (Date.now() < until) {
      const [row] = await t.database.query<{ status: number; summary: { outcome?: string; warnings?: string[] } }>(
        'SELECT status, summary FROM jobs WHERE id = $1',
        [jobId],
      );
      if (row && row.status !== JobStatus.QUEUED && row.status !== JobStatus.RUNNING) return row;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the surface job did not finish');
  }

  async function modelOf(caseId: string) {
    const study = 'SELECT id FROM studies WHERE case_id = $1';
    const q = (sql: string) => t.database.query<Record<string, unknown>>(sql, [caseId]);
    return {
      analyses: await q(`SELECT id, type, name, is_preliminary AS "isPreliminary", results FROM analyses
                          WHERE study_id = (${study})`),
      resources: await q(`SELECT r.id, r.type, r.name, r.mime_type AS "mimeType", r.storage_key AS "storageKey",
                                 r.upload_successful AS "uploadSuccessful", r.attributes
                            FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
                           WHERE a.study_id = (${study})`),
      visualisations: await q(`SELECT id, analysis_id AS "analysisId" FROM visualisations WHERE study_id = (${study})`),
      objects: await q(`SELECT analysis_resource_id AS "resourceId", name, color, opacity FROM visualisation_objects
                         WHERE study_id = (${study})`),
      configs: await q(`SELECT id FROM viewer_configs WHERE study_id = (${study})`),
    };
  }

  const gone = (key: string) => objectGone(t, key);

  async function storedBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await t.app.storage.read(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  const STRUCTURES = ['Aorta', 'Left ventricle', 'Left atrium + LAA'];

  it('registers a mesh per structure and the label volume, and a re-run replaces them', async () => {
    const c = await caseWithVolumeFile(heartPath);
    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'ready' } });

    const first = await modelOf(c.id);
    expect(first.analyses).toEqual([
      expect.objectContaining({ type: AnalysisType.ANATOMICAL, name: 'Preliminary 3D model', isPreliminary: true }),
    ]);
    const scene = first.resources.filter((r) => r.type === AnalysisResourceType.SCENE_OBJECT);
    expect(scene.map((r) => r.name)).toEqual(expect.arrayContaining(STRUCTURES));
    for (const r of scene) {
      expect(r).toMatchObject({ mimeType: 'model/gltf-binary', uploadSuccessful: true });
      expect((await storedBytes(r.storageKey as string)).subarray(0, 4).toString()).toBe('glTF');
    }
    expect(first.objects.map((o) => o.name).sort()).toEqual(scene.map((r) => r.name).sort());
    expect(first.visualisations).toEqual([{ id: expect.any(String), analysisId: first.analyses[0]?.id }]);
    expect(first.configs).toHaveLength(1);

    // The labels lie on the CT's own grid and agree with the phantom's truth on the left heart and aorta.
    const [labels] = first.resources.filter((r) => r.type === AnalysisResourceType.SEGMENTATION_VOLUME);
    expect(labels).toMatchObject({ mimeType: 'application/x-nrrd' });
    const volume = readLabelNrrd(await storedBytes(labels?.storageKey as string));
    expect(volume.dims).toEqual(heart.dims);
    expect(leftHeartDice(volume.labels, heart.labels)).toBeGreaterThan(0.85);
    const results = first.analyses[0]?.results as { name: string; value: number; unit: string }[];
    const lv = results.find((r) => r.name === 'LV cavity volume (automatic)');
    const lvTruthMl = (count(heart.labels, 1) * heart.spacing[0] * heart.spacing[1] * heart.spacing[2]) / 1000;
    expect(lv?.value).toBeGreaterThan(lvTruthMl * 0.85);
    expect(lv?.value).toBeLessThan(lvTruthMl * 1.15);
    // The proposals ran on the job's own segmentation: the annulus within a millimetre of the truth.
    const annulus = results.find((r) => r.name === 'Annulus perimeter-derived diameter (proposed)');
    expect(Math.abs((annulus?.value ?? 0) - heart.truth.annulus.perimeterDerivedDiameter)).toBeLessThan(1);

    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'ready' } });
    const second = await modelOf(c.id);
    expect(second.analyses.map((a) => a.id)).toEqual(first.analyses.map((a) => a.id));
    expect(second.visualisations).toEqual(first.visualisations);
    expect(second.resources).toHaveLength(first.resources.length);
    expect(second.objects).toHaveLength(first.objects.length);
    for (const r of first.resources) expect(await gone(r.storageKey as string)).toBe(true);
  }, 300_000);

  it('completes without a model when no contrast-filled left heart is found, removing an earlier one', async () => {
    const c = await caseWithVolumeFile(heartPath);
    await runSurfaceJob(c.id);
    const keys = (await modelOf(c.id)).resources.map((r) => r.storageKey as string);
    expect(keys.length).toBeGreaterThan(0);
    // The case's volume replaced by a bright ball (a re-ingest of another series): contrast, but no aorta.
    const [volume] = await t.database.query<{ key: string }>(
      `SELECT r.storage_key AS key FROM study_resources r JOIN studies s ON s.id = r.study_id WHERE s.case_id = $1`,
      [c.id],
    );
    await t.app.storage.writeFile(volume?.key ?? '', await ballVolume('ball', 400));

    const job = await runSurfaceJob(c.id);
    expect(job).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'no-contrast' } });
    expect(job.summary.warnings?.join(' ')).toMatch(/no contrast-filled aortic root found/);
    const after = await modelOf(c.id);
    expect([after.analyses, after.resources, after.visualisations, after.objects]).toEqual([[], [], [], []]);
    for (const key of keys) expect(await gone(key)).toBe(true);
  }, 300_000);

  it('does nothing for a canceled case', async () => {
    const c = await caseWithVolumeFile(await ballVolume('canceled', 400));
    await t.database.query('UPDATE cases SET status = $2 WHERE id = $1', [c.id, CaseStatus.CANCELED]);
    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'skipped' } });
    expect((await modelOf(c.id)).analyses).toEqual([]);
  });

  it('models the default cardiac phase of a gated study and names its phase (issue 28)', async () => {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
    // Only the default phase (40 %) is the heart: a model of any other phase would be 'no-contrast'.
    const ball = await ballVolume('phase-ball', 60);
    const phases = [
      { label: '10 %', path: ball, isDefault: false },
      { label: '40 %', path: heartPath, isDefault: true },
      { label: '70 %', path: ball, isDefault: false },
    ];
    const [study] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
      c.id,
    ]);
    for (const [index, phase] of phases.entries()) {
      const key = `cases/${c.id}/ingest/test/phase-${index}.cmvol`;
      await t.app.storage.writeFile(key, phase.path);
      await t.database.query(
        `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, phase_index, phase_label,
                                      is_default_phase)
         VALUES ($1, ${StudyResourceType.DICOM_VOLUME}, 'DICOM volume', 'v.cmvol', 'application/octet-stream', $2, $3,
                 $4, $5)`,
        [study?.id, key, index, phase.label, phase.isDefault],
      );
    }
    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'ready' } });
    const model = await modelOf(c.id);
    expect(model.objects).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Aorta — 40 %' })]));
    expect(model.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Aorta — 40 %', attributes: expect.objectContaining({ phaseLabel: '40 %' }) }),
      ]),
    );
  }, 300_000);
});

/** Voxels of one label. */
function count(labels: Uint8Array, label: number): number {
  let n = 0;
  for (const l of labels) if (l === label) n++;
  return n;
}

/** Dice of "any left-heart or aorta label" between the job's labels (1–5) and the phantom's (1–5). */
function leftHeartDice(found: Uint8Array, truth: Uint8Array): number {
  let both = 0;
  let a = 0;
  let b = 0;
  for (let i = 0; i < truth.length; i++) {
    const inFound = found[i]! >= 1 && found[i]! <= 5;
    const inTruth = truth[i]! >= 1 && truth[i]! <= 5;
    if (inFound) a++;
    if (inTruth) b++;
    if (inFound && inTruth) both++;
  }
  return (2 * both) / (a + b);
}
