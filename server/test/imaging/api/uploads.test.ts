import { createHash } from 'node:crypto';
import { CaseStatus, InputDataStatus, JobStatus, MULTIPART_THRESHOLD_BYTES } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../../src/db/query.ts';
import { removeExpiredUploads } from '../../../src/modules/uploads/index.ts';
import { auditActions, insertCase, shareWith } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/** input-data/ (spec §7): register an upload, PUT it to the signed URL, confirm it, read it, process it again. */
describe('uploads API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? bearer(tokens[who] ?? '') : {}, ...(payload ? { payload } : {}) });
  const register = (who: string | null, caseId: string, extra: Record<string, unknown> = {}) =>
    call(who, 'POST', '/api/input-data/', {
      caseId,
      filename: 'ct.zip',
      metadata: { mimeType: 'application/zip' },
      ...extra,
    });
  const putBytes = (url: string, body: Buffer) =>
    t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'application/zip' } });
  const zipLike = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2048, 7)]);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of [
      'physician',
      'other-physician',
      'case-analyst',
      'case-manager',
      'field-clinical-specialist',
      'venus-support',
    ]) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('POST /api/input-data/', () => {
    it('requires authentication', async () => {
      expect((await register(null, (await insertCase(t)).id)).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      const res = await register('other-physician', (await insertCase(t)).id);
      expect(res.statusCode).toBe(404);
    });

    it('names the fields that are wrong', async () => {
      const res = await call('physician', 'POST', '/api/input-data/', { caseId: 'nope', filename: '', size: -1 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        caseId: ['Must be a valid UUID.'],
        filename: ['This field is required'],
        size: [expect.any(String)],
      });
      const tooBig = await register('physician', (await insertCase(t)).id, { size: 5 * 1024 ** 4 });
      expect(tooBig.json().size[0]).toMatch(/too large/);
    });

    it('is forbidden without the upload permission or on a case only shared with the caller', async () => {
      const c = await insertCase(t);
      expect((await register('case-analyst', c.id)).statusCode).toBe(403);
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      expect((await register('other-physician', c.id)).statusCode).toBe(403);
    });

    it('refuses a case that is no longer waiting for images', async () => {
      const res = await register('physician', (await insertCase(t, { status: CaseStatus.IN_PROGRESS })).id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Images can only be uploaded to a new case that is waiting for them, or again after invalid input.',
      );
    });

    it('lets the physician upload again after invalid input: the new upload submits the case', async () => {
      const c = await insertCase(t, { status: CaseStatus.INVALID_INPUT });
      const created = await register('physician', c.id);
      expect(created.statusCode).toBe(201);
      await putBytes(created.json().writeUrl, zipLike);
      const confirmed = await call('physician', 'GET', `/api/input-data/${created.json().id}/confirm-upload/`);
      expect(confirmed.json().uploadSuccessful).toBe(true);
      expect((await call('physician', 'GET', `/api/cases/${c.id}/`)).json().status).toBe(CaseStatus.SUBMITTED);
    });

    it('answers an id and a signed write URL; large files also get part URLs', async () => {
      const c = await insertCase(t);
      const res = await register('physician', c.id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        caseId: c.id,
        name: 'Patient Images',
        filename: 'ct.zip',
        uploadSuccessful: false,
        status: InputDataStatus.AWAITING_UPLOAD,
        parts: null,
        readUrl: null,
      });
      expect(res.json().writeUrl).toMatch(/^(\/|https?:)/);
      const large = await register('physician', c.id, { size: MULTIPART_THRESHOLD_BYTES * 2 + 5 });
      expect(large.json().parts.urls).toHaveLength(5);
      expect(large.json().parts.partSize).toBe(16 * 1024 ** 2);
    });
  });

  describe('GET /api/input-data/{id}/confirm-upload/', () => {
    it('answers uploadSuccessful false while nothing arrived, and true (submitting the case, queueing ingest) after the PUT', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      expect((await call(null, 'GET', `/api/input-data/${created.id}/confirm-upload/`)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`)).statusCode).toBe(
        404,
      );
      const early = await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      expect(early.statusCode).toBe(200);
      expect(early.json().uploadSuccessful).toBe(false);

      expect((await putBytes(created.writeUrl, zipLike)).statusCode).toBe(200);
      const confirmed = await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      expect(confirmed.json()).toMatchObject({
        uploadSuccessful: true,
        size: zipLike.length,
        status: InputDataStatus.UPLOADED,
      });
      const again = await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      expect(again.json().uploadSuccessful).toBe(true);

      const theCase = (await call('physician', 'GET', `/api/cases/${c.id}/`)).json();
      expect(theCase.status).toBe(CaseStatus.SUBMITTED);
      expect(theCase.inputDataIds).toEqual([created.id]);
      // Dated by the door's submit transition, once (issue 29).
      expect(Date.parse(theCase.dateSubmitted)).toBeGreaterThan(Date.now() - 60_000);
      const jobs = (await call('case-analyst', 'GET', `/api/jobs/?case_id=${c.id}`)).json();
      // Confirmed twice, queued once.
      expect(jobs.count).toBe(1);
      expect(jobs.results[0]).toMatchObject({
        status: JobStatus.QUEUED,
        jobType: { name: 'ingest' },
        queue: { name: 'imaging' },
      });
      // The submission is a case transition, audited by the state machine's one door (issue 29); it and
      // the confirmation are written in one transaction, at one time.
      expect((await auditActions(t, c.id)).map((a) => a.action).sort()).toEqual([
        'case.submit',
        'input-data.confirm',
        'input-data.create',
      ]);
    });

    it('assembles a large upload from its parts, retried parts included', async () => {
      const c = await insertCase(t);
      const size = MULTIPART_THRESHOLD_BYTES + 1000;
      const created = (await register('physician', c.id, { size })).json();
      const bytes = Buffer.alloc(size, 3);
      const partSize = created.parts.partSize as number;
      const urls = created.parts.urls as string[];
      for (const [i, url] of urls.entries()) {
        const part = bytes.subarray(i * partSize, (i + 1) * partSize);
        if (i === 0) await putBytes(url, part.subarray(0, 10)); // a dropped first attempt
        expect((await putBytes(url, part)).statusCode).toBe(200);
      }
      const confirmed = await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      expect(confirmed.json()).toMatchObject({ uploadSuccessful: true, size });
    });
  });

  describe('uploads never confirmed (issue 22)', () => {
    const sweep = () =>
      removeExpiredUploads(queryOn(t.database.db), {
        storage: t.app.storage,
        database: t.database,
        log: { info: () => undefined } as never,
      });
    const age = (id: string) =>
      t.database.query("UPDATE input_data SET date_created = now() - interval '7 hours' WHERE id = $1", [id]);

    it('removes an upload in parts once its links expired: parts aborted, row gone, audited', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id, { size: MULTIPART_THRESHOLD_BYTES + 10 })).json();
      expect((await putBytes(created.parts.urls[0], Buffer.alloc(16 * 1024 ** 2, 1))).statusCode).toBe(200);
      // Not yet expired: left alone.
      expect(await sweep()).toBe(0);
      await age(created.id);
      expect(await sweep()).toBe(1);
      // Its parts are gone: a late part is refused, and the upload is no more.
      expect((await putBytes(created.parts.urls[1], Buffer.alloc(10, 1))).statusCode).toBe(409);
      expect((await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`)).statusCode).toBe(404);
      expect(await sweep()).toBe(0);
      expect((await auditActions(t, c.id)).map((a) => a.action)).toEqual(['input-data.create', 'input-data.expire']);
    });

    it('removes a whole-file upload left unconfirmed (its object too), and keeps confirmed ones', async () => {
      const c = await insertCase(t);
      const left = (await register('physician', c.id)).json();
      expect((await putBytes(left.writeUrl, zipLike)).statusCode).toBe(200);
      const kept = (await register('physician', c.id)).json();
      await putBytes(kept.writeUrl, zipLike);
      await call('physician', 'GET', `/api/input-data/${kept.id}/confirm-upload/`);
      await age(left.id);
      await age(kept.id);
      expect(await sweep()).toBe(1);
      expect(await t.app.storage.head(`input-data/${left.id}/upload.zip`)).toBeNull();
      expect(await t.app.storage.head(`input-data/${kept.id}/upload.zip`)).not.toBeNull();
      const rows = await t.database.query<{ id: string }>('SELECT id FROM input_data WHERE case_id = $1', [c.id]);
      expect(rows.map((r) => r.id)).toEqual([kept.id]);
      // Its link writes nothing any more.
      expect((await putBytes(left.writeUrl, zipLike)).statusCode).toBe(409);
    });
  });

  describe('single-use upload links and the original’s hash (issue 22)', () => {
    it('refuses a second PUT once the upload was confirmed, keeping the original and its SHA-256', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      expect((await putBytes(created.writeUrl, zipLike)).statusCode).toBe(200);
      // Before confirmation the link may be used again (a retried upload).
      expect((await putBytes(created.writeUrl, zipLike)).statusCode).toBe(200);
      await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);

      const replaced = await putBytes(created.writeUrl, Buffer.from('PK\u0003\u0004 something else'));
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json()).toEqual({
        code: 'upload_confirmed',
        detail:
          'This upload link no longer accepts files: the upload was confirmed or has expired. Register a new upload to send another.',
      });
      const stored = await t.app.storage.read(`input-data/${created.id}/upload.zip`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(zipLike)).toBe(true);

      const sha256 = createHash('sha256').update(zipLike).digest('hex');
      const [row] = await t.database.query<{ sha256: string }>('SELECT sha256 FROM input_data WHERE id = $1', [
        created.id,
      ]);
      expect(row?.sha256).toBe(sha256);
      const confirm = (await auditActions(t, c.id)).find((a) => a.action === 'input-data.confirm');
      expect(confirm?.details).toMatchObject({ inputDataId: created.id, size: zipLike.length, sha256 });
    });
  });

  describe('upload limits per case (issue 22)', () => {
    it('refuses a registration beyond UPLOADS_PER_CASE with 409, writing nothing', async () => {
      const c = await insertCase(t);
      const physician = await t.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
        'physician@cardiomap.test',
      ]);
      // 19 earlier registrations (small announced sizes), then the 20th still fits.
      await t.database.query(
        `INSERT INTO input_data (case_id, name, filename, mime_type, storage_key, created_by_id, declared_size)
         SELECT $1, 'Images', 'ct.zip', 'application/zip', 'x', $2, 1000 FROM generate_series(1, 19)`,
        [c.id, physician[0]?.id],
      );
      expect((await register('physician', c.id, { size: 1000 })).statusCode).toBe(201);
      const refused = await register('physician', c.id, { size: 1000 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'upload_limit',
        detail: 'This case already has 20 uploads, the most it may hold. Ask support if more are needed.',
      });
      const [count] = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM input_data WHERE case_id = $1',
        [c.id],
      );
      expect(count?.n).toBe(20);
    });

    it('refuses a registration that would reserve more than UPLOAD_BYTES_PER_CASE with 413', async () => {
      const c = await insertCase(t);
      // Without a size, a registration reserves the largest upload (4 GiB): four fill the default 16 GiB.
      for (let i = 0; i < 4; i++) expect((await register('physician', c.id)).statusCode).toBe(201);
      const refused = await register('physician', c.id, { size: 10 });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        code: 'upload_quota',
        detail:
          "This upload would take the case's uploads over 16 GB. Announce the exact size of the file, or ask support if more is needed.",
      });
    });
  });

  describe('GET /api/input-data/ and /api/input-data/{id}/', () => {
    it('lists the uploads of a case; the original is downloadable only by members with the permission', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      await putBytes(created.writeUrl, zipLike);
      await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);

      expect((await call(null, 'GET', `/api/input-data/?case_id=${c.id}`)).statusCode).toBe(401);
      expect((await call('other-physician', 'GET', `/api/input-data/?case_id=${c.id}`)).statusCode).toBe(404);
      expect((await call('physician', 'GET', '/api/input-data/?case_id=x')).json()).toMatchObject({
        case_id: ['Must be a valid UUID.'],
      });
      const list = (await call('physician', 'GET', `/api/input-data/?case_id=${c.id}`)).json();
      expect(list.count).toBe(1);
      expect(list.results[0].id).toBe(created.id);

      // The case manager is a member of the case's organisation (HVC) in the demo data.
      const mine = (await call('case-manager', 'GET', `/api/input-data/${created.id}/?download=true`)).json();
      expect(mine.readUrl).toMatch(/^(\/|https?:)/);
      expect(mine.readUrlFile).toBe('original');
      const download = await t.app.inject({ method: 'GET', url: mine.readUrl });
      expect(download.rawPayload.equals(zipLike)).toBe(true);

      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      // Shared with, not a member: only a pseudonymised copy, and there is none before processing.
      const shared = (await call('other-physician', 'GET', `/api/input-data/${created.id}/`)).json();
      expect(shared.readUrl).toBeNull();
      expect((await call('other-physician', 'GET', `/api/input-data/${crypto.randomUUID()}/`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/input-data/{id}/?download=true', () => {
    const original = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('ORIGINAL DOE^JANE'), Buffer.alloc(64)]);
    const pseudonymised = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.from('PSEUDONYMISED'),
      Buffer.alloc(64),
    ]);
    const download = (who: string | null, id: string) => call(who, 'GET', `/api/input-data/${id}/?download=true`);
    const bytesAt = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

    /** A case of Northern Cardiology London, uploaded by its clinician: the analysts are not members. */
    async function uploadedToNcl() {
      const c = await insertCase(t, { organisationCode: 'NCL', createdBy: 'other-physician@cardiomap.test' });
      const created = (await register('other-physician', c.id)).json();
      await putBytes(created.writeUrl, original);
      await call('other-physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      return { caseId: c.id, caseIdentifier: c.caseIdentifier, id: created.id as string };
    }

    /** What a successful ingest leaves: the study's pseudonymised DICOM zip, made from this upload. */
    async function storePseudonymised(caseId: string, caseIdentifier: string, inputDataId: string) {
      const key = `cases/${caseId}/ingest/test/${caseIdentifier}-dicom.zip`;
      await t.app.storage.write(key, pseudonymised, 'application/zip');
      await t.database.query(
        `WITH s AS (INSERT INTO studies (case_id) VALUES ($1) RETURNING id)
         INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, input_data_id)
         SELECT s.id, 1, 'Pseudonymised DICOM', $2, 'application/zip', $3, $4, $5 FROM s`,
        [caseId, `${caseIdentifier}-dicom.zip`, key, pseudonymised.length, inputDataId],
      );
    }

    it('requires authentication and hides other organisations’ uploads', async () => {
      const { id } = await uploadedToNcl();
      expect((await download(null, id)).statusCode).toBe(401);
      expect((await download('physician', id)).statusCode).toBe(404);
    });

    it('is forbidden without the download permission', async () => {
      const { id } = await uploadedToNcl();
      const res = await download('venus-support', id);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('You do not have permission to download these images.');
      expect((await call('venus-support', 'GET', `/api/input-data/${id}/`)).json()).toMatchObject({
        readUrl: null,
        readUrlFile: null,
      });
    });

    it('gives the clinicians of the case’s organisation what they uploaded', async () => {
      const { caseId, caseIdentifier, id } = await uploadedToNcl();
      await storePseudonymised(caseId, caseIdentifier, id);
      const res = await download('other-physician', id);
      expect(res.statusCode).toBe(200);
      expect(res.json().readUrlFile).toBe('original');
      expect((await bytesAt(res.json().readUrl)).equals(original)).toBe(true);
    });

    it('gives staff outside the organisation the pseudonymised zip, never the original', async () => {
      const { caseId, caseIdentifier, id } = await uploadedToNcl();
      // Not processed yet: a clear refusal, no fallback to the original.
      const early = await download('case-analyst', id);
      expect(early.statusCode).toBe(409);
      expect(early.json().detail).toBe(
        'The pseudonymised images are not available: they are made when the upload has been processed successfully.',
      );
      const listed = (await call('case-analyst', 'GET', `/api/input-data/?case_id=${caseId}`)).json().results[0];
      expect(listed).toMatchObject({ readUrl: null, readUrlFile: null });

      await storePseudonymised(caseId, caseIdentifier, id);
      for (const who of ['case-analyst', 'case-manager']) {
        const res = await download(who, id);
        expect(res.statusCode).toBe(200);
        expect(res.json().readUrlFile).toBe('pseudonymised');
        const bytes = await bytesAt(res.json().readUrl);
        expect(bytes.equals(pseudonymised)).toBe(true);
        expect(bytes.includes(Buffer.from('DOE^JANE'))).toBe(false);
      }
      const list = (await call('case-analyst', 'GET', `/api/input-data/?case_id=${caseId}`)).json().results[0];
      expect(list.readUrlFile).toBe('pseudonymised');
      expect((await bytesAt(list.readUrl)).equals(pseudonymised)).toBe(true);
      expect((await auditActions(t, caseId)).filter((a) => a.action === 'input-data.download')).toHaveLength(2);
    });

    it('gives someone the case is shared with the pseudonymised zip only', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      await putBytes(created.writeUrl, original);
      await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      expect((await download('other-physician', created.id)).statusCode).toBe(409);
      await storePseudonymised(c.id, c.caseIdentifier, created.id);
      const res = (await download('other-physician', created.id)).json();
      expect(res.readUrlFile).toBe('pseudonymised');
      expect((await bytesAt(res.readUrl)).equals(pseudonymised)).toBe(true);
    });

    it('refuses a member’s download of an upload that never arrived', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      const res = await download('physician', created.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This upload never arrived: upload the images again.');
    });
  });

  describe('POST /api/input-data/{id}/ingest/', () => {
    it('lets staff process an upload again, once at a time, with a series found in it', async () => {
      const c = await insertCase(t);
      const created = (await register('physician', c.id)).json();
      const url = `/api/input-data/${created.id}/ingest/`;
      expect((await call(null, 'POST', url, {})).statusCode).toBe(401);
      expect((await call('other-physician', 'POST', url, {})).statusCode).toBe(404);
      expect((await call('physician', 'POST', url, {})).statusCode).toBe(403);
      expect((await call('case-manager', 'POST', url, {})).json().detail).toBe(
        'This upload never arrived: upload the images again.',
      );
      await putBytes(created.writeUrl, zipLike);
      await call('physician', 'GET', `/api/input-data/${created.id}/confirm-upload/`);
      // The confirmation's job is still queued.
      expect((await call('case-manager', 'POST', url, {})).statusCode).toBe(409);
      await t.database.query(`UPDATE jobs SET status = ${JobStatus.COMPLETED} WHERE case_id = $1`, [c.id]);
      await t.database.query(`UPDATE cases SET status = ${CaseStatus.INVALID_INPUT} WHERE id = $1`, [c.id]);
      expect((await call('case-manager', 'POST', url, { seriesKey: '2.25.1' })).json()).toEqual({
        seriesKey: ['Choose one of the series found in this upload.'],
      });
      // Nothing was found in it yet, so there is no gap to acknowledge (and nothing goes to the audit trail).
      expect((await call('case-manager', 'POST', url, { acknowledgeGaps: true })).json()).toEqual({
        acknowledgeGaps: ['The series to process has no gap to acknowledge.'],
      });
      expect((await auditActions(t, c.id)).map((a) => a.action)).not.toContain('input-data.acknowledge-gap');
      const res = await call('case-manager', 'POST', url, {});
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ status: JobStatus.QUEUED, inputDataId: created.id });
      expect((await call('physician', 'GET', `/api/cases/${c.id}/`)).json().status).toBe(CaseStatus.SUBMITTED);
    });
  });
});
