import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as IngestZip from '../../../src/imaging/ingest/ingest-zip.ts';
import { gatedPhantomFiles, phaseOfPhantomSlice } from '../../../src/imaging/testing/gated-phantom.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { readVolumeFile } from '../../../src/imaging/volume/volume-file.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertAnalysis, insertLandmark } from '../../viewer/analysis-fixtures.ts';
import { layoutOf, sphere, voxelToPatient, writeShapesVolume } from '../surface/shapes-volume.ts';
import { writeZip } from '../zip/zip-fixtures.ts';
import { objectGone } from './object-gone.ts';

/**
 * What the phase-aware pipeline answers is stood in for here (its own tests prove the grouping): the
 * real pipeline runs, then, when `phases` is set, the ready result lists that many phases, each its own
 * volume with a different contrast, so every stored volume can be told from the others by its bytes.
 */
const pipeline = vi.hoisted(() => ({
  phases: [] as { label: string; percent: number; isDefault: boolean }[],
  interventions: [] as (string | null | undefined)[],
  /** SHA-256 of each phase's volume as the pipeline wrote it, by label. */
  hashes: new Map<string, string>(),
}));

vi.mock('../../../src/imaging/ingest/ingest-zip.ts', async (importOriginal) => {
  const real = await importOriginal<typeof IngestZip>();
  const layout = layoutOf([24, 24, 16], [1, 1, 1.25], [-12, -12, 0]);
  const centre = voxelToPatient(layout, 12, 12, 8);
  return {
    ...real,
    async ingestZip(o: IngestZip.IngestOptions): Promise<IngestZip.IngestResult> {
      pipeline.interventions.push(o.intervention);
      const result = await real.ingestZip(o);
      if (result.outcome !== 'ready' || pipeline.phases.length < 2) return result;
      const phases = await Promise.all(
        pipeline.phases.map(async (phase, index) => {
          const volumePath = join(o.workDir, `phase-${index}.cmvol`);
          await writeShapesVolume(volumePath, layout, -101, [sphere(centre, 5, 100 + 100 * index)]);
          pipeline.hashes.set(
            phase.label,
            createHash('sha256')
              .update(await readFile(volumePath))
              .digest('hex'),
          );
          return { ...phase, index, triggerTimeMs: null, volumePath, volume: result.volume, sliceCount: 16 };
        }),
      );
      const chosen = phases.find((p) => p.isDefault) ?? phases[0];
      return {
        ...result,
        phases,
        volumePath: chosen?.volumePath ?? result.volumePath,
        defaultPhaseReason: `test rule: ${chosen?.label}`,
      };
    },
  };
});

/** Issue 28: the ingest job stores one volume per cardiac phase and a re-run replaces them all. */
describe('ingest job with cardiac phases', () => {
  let t: TestApp;
  let dir: string;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    dir = await mkdtemp(join(tmpdir(), 'cm-phase-ingest-'));
    for (const who of ['physician', 'case-analyst', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function upload(
    caseId: string,
    files: { name: string; bytes: Uint8Array }[] = phantomSeries({ count: 12, rows: 32, columns: 32, spacing: 2.5 }),
  ): Promise<string> {
    const zipPath = join(dir, `${caseId}.zip`);
    await writeZip(
      zipPath,
      files.map((f) => ({ name: f.name, data: Buffer.from(f.bytes), compress: true })),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(tokens.physician ?? ''),
      payload: { caseId, filename: 'ct.zip' },
    });
    const { id, writeUrl } = created.json();
    expect((await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) })).statusCode).toBe(
      200,
    );
    expect((await get('physician', `/api/input-data/${id}/confirm-upload/`)).json().uploadSuccessful).toBe(true);
    return id;
  }

  /** Waits for the case's ingest jobs (this many) to be completed. */
  async function ingested(caseId: string, count: number) {
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const jobs = (await get('case-analyst', `/api/jobs/?case_id=${caseId}`)).json().results as {
        jobType: { name: string };
        status: number;
        log: { message: string }[];
      }[];
      const done = jobs.filter((j) => j.jobType.name === 'ingest' && j.status === JobStatus.COMPLETED);
      if (done.length === count) return done[0];
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the ingest did not complete');
  }

  const volumeRows = (caseId: string) =>
    t.database.query<{ id: string; storageKey: string; phaseIndex: number; isDefault: boolean }>(
      `SELECT r.id, r.storage_key AS "storageKey", r.phase_index AS "phaseIndex", r.is_default_phase AS "isDefault"
         FROM study_resources r JOIN studies s ON s.id = r.study_id
        WHERE s.case_id = $1 AND r.type = ${StudyResourceType.DICOM_VOLUME} ORDER BY r.phase_index`,
      [caseId],
    );

  const gone = (key: string) => objectGone(t, key);

  it('stores a gated phantom through the real pipeline: each phase volume holds its own phase', async () => {
    pipeline.phases = [];
    const c = await insertCase(t, { prefix: 'LAAO' });
    const size = 32;
    await upload(c.id, gatedPhantomFiles({ phases: 10, slices: 4, size, layout: 'shuffled' }).files);
    const job = await ingested(c.id, 1);
    expect(job?.log.map((l) => l.message).join('\n')).toMatch(/10 cardiac phases \(0 %, 10 %.*90 %\); default 40 %: /);
    const studyId = (await get('physician', `/api/cases/${c.id}/`)).json().studyId;
    const study = (await get('physician', `/api/studies/${studyId}/`)).json();
    expect(study.phases.map((p: { label: string }) => p.label)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i * 10} %`),
    );
    expect(study.phases.filter((p: { isDefault: boolean }) => p.isDefault)).toEqual([
      expect.objectContaining({ label: '40 %', percent: 40, sliceCount: 4 }),
    ]);
    // Every stored volume is the phase its label says, every slice of it (read from its pixels).
    for (const [index, row] of (await volumeRows(c.id)).entries()) {
      const volume = await readVolumeFile(await (t.app.storage.localPath?.(row.storageKey) ?? ''));
      try {
        for (let k = 0; k < 4; k++) expect(phaseOfPhantomSlice(await volume.slice(k), size).phase).toBe(index);
      } finally {
        await volume.close();
      }
    }
  });

  it('stores every phase as its own volume with the default, then a re-run replaces them all', async () => {
    const c = await insertCase(t);
    const [intervention] = await t.database.query<{ prefix: string }>(
      'SELECT i.prefix FROM cases c JOIN interventions i ON i.id = c.intervention_id WHERE c.id = $1',
      [c.id],
    );
    pipeline.phases = [
      { label: '10 %', percent: 10, isDefault: false },
      { label: '40 %', percent: 40, isDefault: true },
      { label: '70 %', percent: 70, isDefault: false },
    ];
    const inputDataId = await upload(c.id);
    const job = await ingested(c.id, 1);
    expect(pipeline.interventions.at(-1)).toBe(intervention?.prefix);
    expect(job?.log.map((l) => l.message).join('\n')).toContain(
      '3 cardiac phases (10 %, 40 %, 70 %); default 40 %: test rule: 40 %',
    );

    const studyId = (await get('physician', `/api/cases/${c.id}/`)).json().studyId;
    expect((await get('physician', `/api/cases/${c.id}/`)).json().status).toBe(CaseStatus.IN_PROGRESS);
    const study = (await get('physician', `/api/studies/${studyId}/`)).json();
    expect(study.phases.map((p: { label: string; isDefault: boolean }) => [p.label, p.isDefault])).toEqual([
      ['10 %', false],
      ['40 %', true],
      ['70 %', false],
    ]);
    expect(study.dicomVolumeId).toBe(study.phases[1].id);
    // Each phase's link serves that phase's volume, byte for byte.
    const load = (await get('case-analyst', `/api/study-viewer/${studyId}/`)).json();
    for (const phase of load.phases) {
      const served = await t.app.inject({ method: 'GET', url: phase.attributes.readUrl });
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(pipeline.hashes.get(phase.label));
    }
    const first = await volumeRows(c.id);
    expect(first).toHaveLength(3);
    expect(new Set(first.map((r) => r.storageKey)).size).toBe(3);

    // Landmarks on the first and the last phase, then staff process again: two phases this time.
    const analysisId = await insertAnalysis(t, studyId);
    const kept = await insertLandmark(t, analysisId, { createdBy: 'case-analyst@cardiomap.test' });
    const orphaned = await insertLandmark(t, analysisId, { createdBy: 'case-analyst@cardiomap.test' });
    await t.database.query('UPDATE landmarks SET phase_id = $2 WHERE id = $1', [kept, first[0]?.id]);
    await t.database.query('UPDATE landmarks SET phase_id = $2 WHERE id = $1', [orphaned, first[2]?.id]);
    pipeline.phases = [
      { label: '35 %', percent: 35, isDefault: true },
      { label: '75 %', percent: 75, isDefault: false },
    ];
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/input-data/${inputDataId}/ingest/`,
      headers: bearer(tokens['case-manager'] ?? ''),
      payload: {},
    });
    expect(again.statusCode).toBe(202);
    await ingested(c.id, 2);

    const second = await volumeRows(c.id);
    expect(second.map((r) => [r.phaseIndex, r.isDefault])).toEqual([
      [0, true],
      [1, false],
    ]);
    // A phase index kept keeps its id (its landmarks stay on it); the phase no longer there is gone.
    expect(second.map((r) => r.id)).toEqual([first[0]?.id, first[1]?.id]);
    const landmarks = await t.database.query<{ id: string; phaseId: string | null }>(
      'SELECT id, phase_id AS "phaseId" FROM landmarks WHERE analysis_id = $1',
      [analysisId],
    );
    expect(Object.fromEntries(landmarks.map((l) => [l.id, l.phaseId]))).toEqual({
      [kept]: first[0]?.id,
      [orphaned]: null,
    });
    const restudied = (await get('physician', `/api/studies/${studyId}/`)).json();
    expect(restudied.phases.map((p: { label: string }) => p.label)).toEqual(['35 %', '75 %']);
    for (const row of first) expect(await gone(row.storageKey)).toBe(true);
    for (const row of second) expect(await t.app.storage.head(row.storageKey)).not.toBeNull();
  });
});
