import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith } from '../cases/case-fixtures.ts';
import { itGuardsTheCaseId } from '../helpers/by-case-guards.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertAnalysis, requester, tokensFor } from './viewer-fixtures.ts';

type Orders = { service: Service; status: OrderStatus }[];
const delivered: Orders = [{ service: Service.ANATOMICAL, status: OrderStatus.DELIVERED }];
const pending: Orders = [{ service: Service.ANATOMICAL, status: OrderStatus.IN_PROGRESS }];

/** GET case-viewer/{caseId}/ (spec §7 "Also named"): the study viewer's load and guards, by case id. */
describe('GET /api/case-viewer/{caseId}/', () => {
  let t: TestApp;
  let call: ReturnType<typeof requester>;
  const byCase = (who: string | null, caseId: string) => call(who, 'GET', `/api/case-viewer/${caseId}/`);
  const byStudy = (who: string, studyId: string) => call(who, 'GET', `/api/study-viewer/${studyId}/`);

  beforeAll(async () => {
    t = await createTestApp();
    call = requester(t, await tokensFor(t, ['physician', 'other-physician', 'case-analyst']));
  }, 180_000);
  afterAll(async () => t.close());

  itGuardsTheCaseId({
    request: byCase,
    visibleCase: async () => {
      const c = await insertCase(t, { status: CaseStatus.COMPLETED, orders: delivered });
      await insertStudyWithVolume(t, c.id);
      return c;
    },
    member: 'physician',
    outsider: 'other-physician',
  });

  it('applies the viewer guards of study-viewer/: canceled and results pending are forbidden', async () => {
    const canceled = await insertCase(t, {
      status: CaseStatus.CANCELED,
      orders: [{ service: Service.ANATOMICAL, status: OrderStatus.CANCELED }],
    });
    const res = await byCase('case-analyst', canceled.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'This case has been canceled.', code: 'case_canceled' });

    const inProgress = await insertCase(t, { status: CaseStatus.IN_PROGRESS, orders: pending });
    await insertStudyWithVolume(t, inProgress.id);
    const clinician = await byCase('physician', inProgress.id);
    expect(clinician.statusCode).toBe(403);
    expect(clinician.json().code).toBe('results_pending');
    expect((await byCase('case-analyst', inProgress.id)).statusCode).toBe(200);
  });

  it('answers 404 for a viewable case whose images have not made a study yet', async () => {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS, orders: pending });
    const res = await byCase('case-analyst', c.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'This case has no images to view yet.', code: 'not_found' });
  });

  it('answers what study-viewer/ answers for the case’s study, to members and those it is shared with', async () => {
    const c = await insertCase(t, { status: CaseStatus.COMPLETED, orders: delivered });
    const { studyId } = await insertStudyWithVolume(t, c.id);
    await insertAnalysis(t, studyId, { orderId: c.orderIds[0] });
    const res = await byCase('physician', c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ study: { id: studyId }, case: { id: c.id, caseIdentifier: c.caseIdentifier } });
    // Read links are signed per request: compare the answers without them.
    const unsigned = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/"readUrl":"[^"]*"/g, '"readUrl":""'));
    expect(unsigned(res.json())).toEqual(unsigned((await byStudy('physician', studyId)).json()));

    await shareWith(t, c.id, 'other-physician@cardiomap.test');
    const shared = await byCase('other-physician', c.id);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().permissions.canCreateLandmarks).toBe(false);
  });
});
