import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith, userId } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, insertMesh, insertRootScene, requester, tokensFor } from '../viewer/viewer-fixtures.ts';

const SHARED = 'other-physician@cardiomap.test';
const delivered = [{ service: Service.ANATOMICAL, status: OrderStatus.DELIVERED }];

/**
 * Issue 22: after a share was revoked, every link handed out before kept serving for up to 12 hours.
 * Read links of the local driver are now bound to the sign-in and the case and checked on every read;
 * every driver also holds them to READ_URL_SECONDS (10 minutes by default).
 */
describe('signed read URLs end with the access they were handed out under', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let call: ReturnType<typeof requester>;

  beforeAll(async () => {
    t = await createTestApp();
    tokens = await tokensFor(t, ['physician', 'other-physician']);
    call = requester(t, tokens);
  }, 180_000);
  afterAll(async () => t.close());

  /** A delivered case with a volume, a mesh in the 3D scene, a figure and a PDF report. */
  async function caseWithEverything() {
    const c = await insertCase(t, { status: CaseStatus.COMPLETED, orders: delivered });
    const { studyId } = await insertStudyWithVolume(t, c.id);
    const analysisId = await insertAnalysis(t, studyId, { orderId: c.orderIds[0] });
    const meshId = await insertMesh(t, analysisId);
    await insertRootScene(t, { studyId, analysisId, meshId }, '#ff0000');
    const figureKey = `analyses/${analysisId}/figure.png`;
    await t.app.storage.write(figureKey, Buffer.from('png bytes'), 'image/png');
    await t.database.query(
      `INSERT INTO analysis_resources (analysis_id, type, name, filename, mime_type, storage_key, size, upload_successful)
       VALUES ($1, 2, 'Figure', 'figure.png', 'image/png', $2, 9, true)`,
      [analysisId, figureKey],
    );
    const reportKey = `studies/${studyId}/reports/report.pdf`;
    await t.app.storage.write(reportKey, Buffer.from('%PDF-1.4'), 'application/pdf');
    const [report] = await t.database.query<{ id: string }>(
      `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size)
       VALUES ($1, 3, 'Report', 'report.pdf', 'application/pdf', $2, 8) RETURNING id`,
      [studyId, reportKey],
    );
    return { caseId: c.id, studyId, reportId: report?.id ?? '' };
  }

  /** Every read link the API hands this user for the case: volume, scene mesh, mesh and figure, report. */
  async function linksFor(who: string, studyId: string, reportId: string) {
    const load = (await call(who, 'GET', `/api/study-viewer/${studyId}/`)).json();
    const objects = load.config.visualisations.flatMap((v: { objects: { readUrl: string }[] }) => v.objects);
    const resources = (await call(who, 'GET', `/api/analysis-resources/?study_id=${studyId}`)).json();
    const report = (await call(who, 'GET', `/api/study-resources/${reportId}/`)).json();
    const links: string[] = [
      load.dicom.attributes.readUrl,
      ...objects.map((o: { readUrl: string }) => o.readUrl),
      ...resources.results.map((r: { readUrl: string }) => r.readUrl),
      report.readUrl,
    ];
    expect(links).toHaveLength(5);
    return links;
  }

  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

  it('stops every earlier link at once when the share is revoked, and leaves the owner’s working', async () => {
    const { caseId, studyId, reportId } = await caseWithEverything();
    await shareWith(t, caseId, SHARED);
    const shared = await linksFor('other-physician', studyId, reportId);
    const owner = await linksFor('physician', studyId, reportId);
    for (const url of [...shared, ...owner]) expect((await fetchLink(url)).statusCode).toBe(200);

    const revoked = await call('physician', 'DELETE', `/api/shared-cases/${caseId}/${await userId(t, SHARED)}/`);
    expect(revoked.statusCode).toBe(204);

    for (const url of shared) {
      const res = await fetchLink(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You no longer have access to this file.', code: 'access_revoked' });
    }
    for (const url of owner) expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('stops the links of a deactivated user, and serves them again once reactivated within their life', async () => {
    const { caseId, studyId, reportId } = await caseWithEverything();
    await shareWith(t, caseId, SHARED);
    const links = await linksFor('other-physician', studyId, reportId);
    await t.database.query('UPDATE users SET is_active = false WHERE email = $1', [SHARED]);
    for (const url of links) expect((await fetchLink(url)).statusCode).toBe(403);
    await t.database.query('UPDATE users SET is_active = true WHERE email = $1', [SHARED]);
    for (const url of links) expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('refuses a link whose bound access was altered (the signature covers it)', async () => {
    const { studyId, reportId } = await caseWithEverything();
    const [volume] = await linksFor('physician', studyId, reportId);
    const other = await userId(t, SHARED);
    const forged = (volume ?? '').replace(/acc=[^.&]+/, `acc=${other}`);
    expect(forged).not.toBe(volume);
    expect((await fetchLink(forged)).statusCode).toBe(403);
  });

  it('hands out links that live at most READ_URL_SECONDS (10 minutes by default)', async () => {
    const { studyId, reportId } = await caseWithEverything();
    const now = Math.floor(Date.now() / 1000);
    for (const url of await linksFor('physician', studyId, reportId)) {
      const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
      expect(expires).toBeGreaterThan(now);
      expect(expires).toBeLessThanOrEqual(now + 600 + 5);
    }
  });
});
