import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CaseStatus, InputDataStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { parseVolumeHeader } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestThreads } from '../../../src/imaging/ingest/ingest-threads.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertLostUpload } from '../api/imaging-fixtures.ts';
import { type NamedBytes, scratch } from '../ingest/ingest-fixtures.ts';
import { renameInZip } from '../zip/zip-fixtures.ts';

/**
 * The ingest job end to end inside the app: the upload goes up through the signed URL, the confirmation
 * queues the job on pg-boss, the in-process worker runs the pipeline, stores its outputs and moves the
 * case on; the jobs API shows every step.
 */
describe('ingest job', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
  const work = scratch();

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    for (const who of ['physician', 'case-analyst', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => {
    await t.close();
    await (await work).cleanup();
  });

  /** Uploads the files as a zip to a new case and confirms; answers the case and its input data id. */
  async function uploadToNewCase(files: NamedBytes[], patch?: (zipPath: string) => Promise<void>) {
    const c = await insertCase(t);
    const zipPath = await (await work).zip(files);
    await patch?.(zipPath);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(tokens.physician ?? ''),
      payload: { caseId: c.id, filename: 'ct.zip' },
    });
    const { id, writeUrl } = created.json();
    const put = await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) });
    expect(put.statusCode).toBe(200);
    expect((await get('physician', `/api/input-data/${id}/confirm-upload/`)).json().uploadSuccessful).toBe(true);
    return { caseRow: c, inputDataId: id as string };
  }

  async function settled(caseId: string, timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const c = (await get('physician', `/api/cases/${caseId}/`)).json();
      if (c.status !== CaseStatus.SUBMITTED) return c;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the case did not settle');
  }

  async function jobOfType(caseId: string, type: string) {
    const jobs = (await get('case-analyst', `/api/jobs/?case_id=${caseId}`)).json().results;
    return jobs.find((j: { jobType: { name: string } }) => j.jobType.name === type);
  }

  it('gets the ingest threads ready when an upload is announced, before its bytes arrive', async () => {
    const threads = ingestThreads();
    const c = await insertCase(t);
    const announced = Date.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(tokens.physician ?? ''),
      payload: { caseId: c.id, filename: 'ct.zip' },
    });
    expect(created.statusCode).toBe(201);
    // Kept ten minutes from the announcement, every thread started (the hook loads its module first).
    await expect.poll(() => threads.keptUntil).toBeGreaterThanOrEqual(announced + 10 * 60_000);
    expect(threads.running).toBe(threads.size);
  });

  it('turns a phantom series into an in-progress case with a de-identified DICOM zip and a volume', async () => {
    const files = phantomSeries({
      count: 24,
      rows: 64,
      columns: 64,
      spacing: 2.5,
      patientName: 'DOE^JANE',
      patientId: 'SECRET-ID-77',
    });
    const { caseRow, inputDataId } = await uploadToNewCase([
      ...files,
      { name: 'notes.txt', bytes: Buffer.from('hello') },
    ]);
    const c = await settled(caseRow.id);
    expect(c.status).toBe(CaseStatus.IN_PROGRESS);
    expect(c.studyId).toEqual(expect.any(String));

    const resources = (await get('physician', `/api/study-resources/?study_id=${c.studyId}`)).json().results;
    expect(resources.map((r: { type: number }) => r.type)).toEqual([
      StudyResourceType.PSEUDONYMIZED_DICOM,
      StudyResourceType.DICOM_VOLUME,
    ]);
    const volume = resources[1];
    expect(volume.attributes).toMatchObject({ dimensions: [64, 64, 24], spacing: [1, 1, 2.5], interpolationType: 0 });
    // The report's footer names the study by the UID the pseudonymised DICOM carries (issue 18).
    expect(volume.attributes.studyInstanceUid).toMatch(/^2\.25\.\d+$/);
    const volumeBytes = (await t.app.inject({ method: 'GET', url: volume.readUrl })).rawPayload;
    expect(
      (parseVolumeHeader(new Uint8Array(volumeBytes)) as { header: { dimensions: number[] } }).header.dimensions,
    ).toEqual([64, 64, 24]);
    const dicomZip = (await t.app.inject({ method: 'GET', url: resources[0].readUrl })).rawPayload;
    for (const secret of ['DOE^JANE', 'SECRET-ID-77']) {
      expect(dicomZip.includes(Buffer.from(secret))).toBe(false);
      expect(volumeBytes.includes(Buffer.from(secret))).toBe(false);
    }
    expect(dicomZip.includes(Buffer.from(caseRow.caseIdentifier))).toBe(true);

    const input = (await get('physician', `/api/input-data/${inputDataId}/`)).json();
    expect(input).toMatchObject({ status: InputDataStatus.PROCESSED, reasons: [] });
    expect(input.series).toEqual([expect.objectContaining({ sliceCount: 24, isChosen: true, orientation: 'axial' })]);

    const job = await jobOfType(caseRow.id, 'ingest');
    expect(job).toMatchObject({
      status: JobStatus.COMPLETED,
      attempts: 1,
      summary: { filesTotal: 25, filesUsed: 24, filesSetAside: 1, outcome: 'ready' },
    });
    expect(job.log.map((l: { message: string }) => l.message)).toContain('Completed: the volume is ready.');
    const report = (await get('case-analyst', `/api/job-resources/?job_id=${job.id}&outcome=set-aside`)).json();
    expect(report.results).toEqual([expect.objectContaining({ path: 'notes.txt', code: 'not-dicom' })]);

    // Its follow-up, the preliminary 3D model, ran next: the phantom's discs are brighter than contrast.
    const until = Date.now() + 30_000;
    let surface = await jobOfType(caseRow.id, 'surface');
    while (surface?.status !== JobStatus.COMPLETED && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      surface = await jobOfType(caseRow.id, 'surface');
    }
    expect(surface).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'no-contrast' } });
  });

  it('marks the case invalid input (5), with reasons, when nothing usable was found; staff can run it again', async () => {
    const { caseRow, inputDataId } = await uploadToNewCase([
      { name: 'a.txt', bytes: Buffer.from('not an image') },
      { name: 'b.txt', bytes: Buffer.from('nor this') },
    ]);
    const c = await settled(caseRow.id);
    expect(c.status).toBe(CaseStatus.INVALID_INPUT);
    const input = (await get('physician', `/api/input-data/${inputDataId}/`)).json();
    expect(input.status).toBe(InputDataStatus.INVALID);
    expect(input.reasons.join(' ')).toMatch(/not DICOM|No CT/i);
    expect(c.studyId).toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/input-data/${inputDataId}/ingest/`,
      headers: bearer(tokens['case-manager'] ?? ''),
      payload: {},
    });
    expect(again.statusCode).toBe(202);
    expect((await settled(caseRow.id)).status).toBe(CaseStatus.INVALID_INPUT);
    expect((await get('case-analyst', `/api/jobs/?case_id=${caseRow.id}`)).json().count).toBe(2);
  });

  it('refuses a zip with a path-traversal entry and writes nothing outside its folder', async () => {
    const s = await work;
    // Zip writers refuse such names, so the entry is renamed in place (same length) after writing.
    const { caseRow } = await uploadToNewCase(
      [{ name: 'xx/xx/xx/xx/tmp/cm-pwned-by-test.txt', bytes: Buffer.from('pwn') }, ...phantomSeries({ count: 3 })],
      (zipPath) => renameInZip(zipPath, 'xx/xx/xx/xx/tmp/cm-pwned-by-test.txt', '../../../../tmp/cm-pwned-by-test.txt'),
    );
    const c = await settled(caseRow.id);
    expect(c.status).toBe(CaseStatus.INVALID_INPUT);
    expect(await s.strayFiles()).toEqual([]);
    await expect(readFile('/tmp/cm-pwned-by-test.txt')).rejects.toThrow();
  });

  it('a re-run with the same series replaces the study resources instead of adding to them', async () => {
    const { caseRow, inputDataId } = await uploadToNewCase(phantomSeries({ count: 8 }));
    const c = await settled(caseRow.id);
    const before = (await get('physician', `/api/study-resources/?study_id=${c.studyId}`)).json().results;
    const [candidate] = (await get('case-manager', `/api/input-data/${inputDataId}/`)).json().series;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/input-data/${inputDataId}/ingest/`,
      headers: bearer(tokens['case-manager'] ?? ''),
      payload: { seriesKey: candidate.key },
    });
    expect(again.statusCode).toBe(202);
    const until = Date.now() + 30_000;
    let jobs = [];
    while (Date.now() < until) {
      jobs = (await get('case-analyst', `/api/jobs/?case_id=${caseRow.id}`)).json().results;
      if (jobs.every((j: { status: number }) => j.status === JobStatus.COMPLETED)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Two ingests, each followed by a surface job.
    expect(jobs.map((j: { status: number }) => j.status)).toEqual(Array(4).fill(JobStatus.COMPLETED));
    const after = (await get('physician', `/api/study-resources/?study_id=${c.studyId}`)).json().results;
    expect(after.map((r: { id: string }) => r.id)).toEqual(before.map((r: { id: string }) => r.id));
    expect((await get('physician', `/api/cases/${caseRow.id}/`)).json().status).toBe(CaseStatus.IN_PROGRESS);
  });

  it('refuses at once, without retrying, an upload whose bytes changed after confirmation (issue 22)', async () => {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    // As a write through an S3 link still valid after confirmation leaves it: stored bytes that are not
    // the ones whose SHA-256 the confirmation recorded.
    const zip = await readFile(await (await work).zip(phantomSeries({ count: 8 })));
    const key = `input-data/${c.id}/upload.zip`;
    await t.app.storage.write(key, Buffer.concat([zip, Buffer.from('appended')]));
    const [input] = await t.database.query<{ id: string }>(
      `INSERT INTO input_data (case_id, name, filename, mime_type, storage_key, upload_successful, status, created_by_id,
                               size, sha256)
       SELECT $1, 'Patient Images', 'ct.zip', 'application/zip', $2, true, 1, created_by_id, $3, $4
         FROM cases WHERE id = $1 RETURNING id`,
      [c.id, key, zip.length, createHash('sha256').update(zip).digest('hex')],
    );
    const [job] = await t.database.query<{ id: string }>(
      `INSERT INTO jobs (case_id, input_data_id, job_type_id) SELECT $1, $2, id FROM job_types WHERE name = 'ingest'
       RETURNING id`,
      [c.id, input?.id],
    );
    await t.app.queue.send('imaging', { jobId: job?.id ?? '' });
    expect((await settled(c.id)).status).toBe(CaseStatus.COULD_NOT_BE_PROCESSED);
    const [failed] = (await get('case-analyst', `/api/jobs/?case_id=${c.id}`)).json().results;
    expect(failed).toMatchObject({ status: JobStatus.FAILED, attempts: 1 });
    expect(failed.summary.reasons[0]).toMatch(/changed after it was confirmed/);
    const [audit] = await t.database.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_events WHERE action = 'input-data.changed' AND target_id = $1`,
      [c.id],
    );
    expect(audit?.details).toMatchObject({ inputDataId: input?.id, jobId: job?.id });
    // Nothing was made of it.
    expect(await t.database.query('SELECT id FROM studies WHERE case_id = $1', [c.id])).toEqual([]);
  }, 90_000);

  it('retries a fault, then marks the case could not be processed (6) with a message for the clinician', async () => {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    // An upload whose object vanished from storage: every attempt fails reading it.
    const inputDataId = await insertLostUpload(t, c.id);
    const [job] = await t.database.query<{ id: string }>(
      `INSERT INTO jobs (case_id, input_data_id, job_type_id) SELECT $1, $2, id FROM job_types WHERE name = 'ingest'
       RETURNING id`,
      [c.id, inputDataId],
    );
    await t.app.queue.send('imaging', { jobId: job?.id ?? '' });
    const settledCase = await settled(c.id, 60_000);
    expect(settledCase.status).toBe(CaseStatus.COULD_NOT_BE_PROCESSED);
    const [failed] = (await get('case-analyst', `/api/jobs/?case_id=${c.id}`)).json().results;
    expect(failed).toMatchObject({ status: JobStatus.FAILED, attempts: 3, summary: { outcome: 'failed' } });
    expect(failed.log.filter((l: { message: string }) => l.message.startsWith('Attempt'))).toHaveLength(2);
    const inputData = (await get('physician', `/api/input-data/${inputDataId}/`)).json();
    expect(inputData.status).toBe(InputDataStatus.FAILED);
    expect(inputData.reasons[0]).toMatch(/could not be processed/);
  }, 90_000);
});
