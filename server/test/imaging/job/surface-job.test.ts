import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnalysisResourceType, AnalysisType, CaseStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from '../../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { layoutOf, sphere, voxelToPatient, writeShapesVolume } from '../surface/shapes-volume.ts';
import { objectGone } from './object-gone.ts';

/**
 * The surface job inside the app: a case with a stored volume gets its preliminary 3D model registered
 * as a scene object (analysis, resource, visualisation and object); a re-run replaces, never duplicates.
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

  /** An in-progress case whose study holds a volume with a contrast ball of the given HU. */
  async function caseWithVolume(hu: number) {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
    const path = join(dir, `${c.id}.cmvol`);
    await writeShapesVolume(path, layout, -101, [sphere(centre, 12, hu)]);
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

  async function runSurfaceJob(caseId: string) {
    const [job] = await t.database.query<{ id: string }>(
      `INSERT INTO jobs (case_id, job_type_id) SELECT $1, id FROM job_types WHERE name = 'surface' RETURNING id`,
      [caseId],
    );
    const jobId = job?.id ?? '';
    await t.app.queue.send('imaging', { jobId });
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const [row] = await t.database.query<{ status: number; summary: { outcome?: string } }>(
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

  it('registers the blood pool as a preliminary scene object, and a re-run replaces it', async () => {
    const c = await caseWithVolume(400);
    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'ready' } });

    const first = await modelOf(c.id);
    expect(first.analyses).toEqual([
      expect.objectContaining({ type: AnalysisType.ANATOMICAL, name: 'Preliminary 3D model', isPreliminary: true }),
    ]);
    const [volume] = (first.analyses[0]?.results as { name: string; value: number }[]) ?? [];
    expect(volume?.value).toBeGreaterThan(((4 / 3) * Math.PI * 12 ** 3 * 0.9) / 1000);
    expect(first.resources).toEqual([
      expect.objectContaining({
        type: AnalysisResourceType.SCENE_OBJECT,
        name: 'Blood pool (preliminary)',
        mimeType: 'model/gltf-binary',
        uploadSuccessful: true,
        attributes: expect.objectContaining({ name: 'Blood pool (preliminary)', color: '#c0392b', opacity: 0.85 }),
      }),
    ]);
    expect(first.visualisations).toEqual([{ id: expect.any(String), analysisId: first.analyses[0]?.id }]);
    expect(first.objects).toEqual([
      { resourceId: first.resources[0]?.id, name: 'Blood pool (preliminary)', color: '#c0392b', opacity: 0.85 },
    ]);
    expect(first.configs).toHaveLength(1);
    const firstKey = first.resources[0]?.storageKey as string;
    expect((await storedBytes(firstKey)).subarray(0, 4).toString()).toBe('glTF');

    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'ready' } });
    const second = await modelOf(c.id);
    expect(second.analyses.map((a) => a.id)).toEqual(first.analyses.map((a) => a.id));
    expect(second.visualisations).toEqual(first.visualisations);
    expect(second.resources).toHaveLength(1);
    expect(second.objects).toEqual([expect.objectContaining({ resourceId: second.resources[0]?.id })]);
    expect(second.resources[0]?.storageKey).not.toBe(firstKey);
    expect(await gone(firstKey)).toBe(true);
  });

  it('completes without a model when the volume has no contrast, removing an earlier one', async () => {
    const c = await caseWithVolume(400);
    await runSurfaceJob(c.id);
    const key = (await modelOf(c.id)).resources[0]?.storageKey as string;
    // The case's volume replaced by one without contrast (a re-ingest of another series).
    const plain = join(dir, 'plain.cmvol');
    await writeShapesVolume(plain, layout, -101, [sphere(centre, 12, 60)]);
    const [volume] = await t.database.query<{ key: string }>(
      `SELECT r.storage_key AS key FROM study_resources r JOIN studies s ON s.id = r.study_id WHERE s.case_id = $1`,
      [c.id],
    );
    await t.app.storage.writeFile(volume?.key ?? '', plain);

    expect(await runSurfaceJob(c.id)).toMatchObject({
      status: JobStatus.COMPLETED,
      summary: { outcome: 'no-contrast' },
    });
    const after = await modelOf(c.id);
    expect([after.analyses, after.resources, after.visualisations, after.objects]).toEqual([[], [], [], []]);
    expect(await gone(key)).toBe(true);
  });

  it('does nothing for a canceled case', async () => {
    const c = await caseWithVolume(400);
    await t.database.query('UPDATE cases SET status = $2 WHERE id = $1', [c.id, CaseStatus.CANCELED]);
    expect(await runSurfaceJob(c.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'skipped' } });
    expect((await modelOf(c.id)).analyses).toEqual([]);
  });

  it('models the default cardiac phase of a gated study and names its phase (issue 28)', async () => {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
    // Only the default phase (40 %) has contrast: a model of any other phase would be 'no-contrast'.
    const phases = [
      { label: '10 %', hu: 60, isDefault: false },
      { label: '40 %', hu: 400, isDefault: true },
      { label: '70 %', hu: 60, isDefault: false },
    ];
    const [study] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
      c.id,
    ]);
    for (const [index, phase] of phases.entries()) {
      const path = join(dir, `${c.id}-${index}.cmvol`);
      await writeShapesVolume(path, layout, -101, [sphere(centre, 12, phase.hu)]);
      const key = `cases/${c.id}/ingest/test/phase-${index}.cmvol`;
      await t.app.storage.writeFile(key, path);
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
    expect(model.resources).toEqual([
      expect.objectContaining({
        name: 'Blood pool (preliminary) — 40 %',
        attributes: expect.objectContaining({ phaseLabel: '40 %' }),
      }),
    ]);
    expect(model.objects).toEqual([expect.objectContaining({ name: 'Blood pool (preliminary) — 40 %' })]);
  });
});
