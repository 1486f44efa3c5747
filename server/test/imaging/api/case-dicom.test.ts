import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase, shareWith } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { itGuardsTheCaseId } from '../../helpers/by-case-guards.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/** GET case-dicom/{caseId}/ (spec §7 "Also named"): the case's newest arrived upload, as input-data downloads. */
describe('GET /api/case-dicom/{caseId}/', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? bearer(tokens[who] ?? '') : {}, ...(payload ? { payload } : {}) });
  const caseDicom = (who: string | null, caseId: string) => call(who, 'GET', `/api/case-dicom/${caseId}/`);
  const zip = (text: string) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(text), Buffer.alloc(64)]);
  const bytesAt = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

  /** Registers, PUTs and confirms an upload of a case of the uploader's organisation. */
  async function upload(caseId: string, bytes: Buffer, confirm = true, who = 'physician'): Promise<string> {
    const created = (
      await call(who, 'POST', '/api/input-data/', {
        caseId,
        filename: 'ct.zip',
        metadata: { mimeType: 'application/zip' },
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: created.writeUrl,
      payload: bytes,
      headers: { 'content-type': 'application/zip' },
    });
    if (confirm) await call(who, 'GET', `/api/input-data/${created.id}/confirm-upload/`);
    return created.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst', 'venus-support']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  itGuardsTheCaseId({
    request: caseDicom,
    visibleCase: () => insertCase(t),
    member: 'physician',
    outsider: 'other-physician',
  });

  it('is forbidden without the download permission', async () => {
    const c = await insertCase(t);
    await upload(c.id, zip('ORIGINAL'));
    const res = await caseDicom('venus-support', c.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You do not have permission to download these images.');
  });

  it('answers 409 while no upload of the case has arrived', async () => {
    const c = await insertCase(t);
    await upload(c.id, zip('NEVER CONFIRMED'), false);
    const res = await caseDicom('physician', c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('No images have arrived for this case yet.');
  });

  it('gives a member the newest arrived upload as sent, audited as a download', async () => {
    const c = await insertCase(t);
    await upload(c.id, zip('FIRST'));
    // Its images were unusable: the physician uploads again (issue 17 §1).
    await t.database.query('UPDATE cases SET status = $2 WHERE id = $1', [c.id, CaseStatus.INVALID_INPUT]);
    const newest = await upload(c.id, zip('SECOND DOE^JANE'));
    await t.database.query('UPDATE cases SET status = $2 WHERE id = $1', [c.id, CaseStatus.INVALID_INPUT]);
    await upload(c.id, zip('NOT ARRIVED'), false);
    const res = await caseDicom('physician', c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: newest, caseId: c.id, readUrlFile: 'original', uploadSuccessful: true });
    expect((await bytesAt(res.json().readUrl)).equals(zip('SECOND DOE^JANE'))).toBe(true);
    expect((await auditActions(t, c.id)).filter((a) => a.action === 'input-data.download')).toHaveLength(1);
  });

  it('gives staff and those the case is shared with the pseudonymised copy only, never the original', async () => {
    // A case of Northern Cardiology London: the analysts and the physician are not its members.
    const c = await insertCase(t, { organisationCode: 'NCL', createdBy: 'other-physician@cardiomap.test' });
    const id = await upload(c.id, zip('ORIGINAL DOE^JANE'), true, 'other-physician');
    await shareWith(t, c.id, 'physician@cardiomap.test');
    for (const who of ['case-analyst', 'physician']) {
      const early = await caseDicom(who, c.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().detail).toMatch(/^The pseudonymised images are not available/);
    }
    const key = `cases/${c.id}/ingest/test/${c.caseIdentifier}-dicom.zip`;
    await t.app.storage.write(key, zip('PSEUDONYMISED'), 'application/zip');
    await t.database.query(
      `WITH s AS (INSERT INTO studies (case_id) VALUES ($1) RETURNING id)
       INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, input_data_id)
       SELECT s.id, 1, 'Pseudonymised DICOM', 'p.zip', 'application/zip', $2, 81, $3 FROM s`,
      [c.id, key, id],
    );
    for (const who of ['case-analyst', 'physician']) {
      const res = await caseDicom(who, c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().readUrlFile).toBe('pseudonymised');
      expect((await bytesAt(res.json().readUrl)).equals(zip('PSEUDONYMISED'))).toBe(true);
    }
  });
});
