import { CaseStatus, OrderStatus, ServiceStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { caseStatus, DEVICE, grantPermissions, insertCase, orderStatus } from './fixtures.ts';

/**
 * Issue 17 §1 at the API level: what staff do to a case in progress (deliver with an analysis, reject,
 * degrade, undeliver, obsolete), and what the physician who ordered it sees afterwards on the case
 * detail and in the case list (the presenters' output, as the web app reads it).
 */
describe('delivery journeys: staff act, the clinician sees', () => {
  let t: TestApp;
  let manager: string;
  let physician: string;
  /** A physician of HVC who may also deliver (no accounts.all_organisations). */
  let deliverer: string;
  let rejectionReason: { id: string; name: string };
  let degradationReason: { id: string; name: string };

  const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const taviCase = (extra: Partial<Parameters<typeof insertCase>[1]> = {}) =>
    insertCase(t, { org: 'HVC', prefix: 'TAVI', orders: [{ devices: [DEVICE.sapien3Ultra] }], ...extra });
  const seenByPhysician = async (caseId: string) => (await getAs(t, physician, `/api/cases/${caseId}/`)).json();
  const listedForPhysician = async (caseId: string) => {
    const page = (await getAs(t, physician, '/api/cases/?page_size=100')).json();
    return page.results.find((c: { id: string }) => c.id === caseId);
  };
  /** A study with an analyst's analysis and the automatic preliminary one, as ingest and analysts leave it. */
  const studyWithAnalyses = async (caseId: string) => {
    const [study] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
      caseId,
    ]);
    const analysis = async (name: string, preliminary: boolean) =>
      (
        await t.database.query<{ id: string }>(
          'INSERT INTO analyses (study_id, type, name, is_preliminary) VALUES ($1, 1, $2, $3) RETURNING id',
          [study?.id, name, preliminary],
        )
      )[0]?.id ?? '';
    return { analyst: await analysis('Anatomy', false), preliminary: await analysis('Blood pool', true) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await grantPermissions(t, 'trainee-physician@cardiomap.test', [P.addDelivery, P.deleteDelivery]);
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    deliverer = (await signIn(t, 'trainee-physician@cardiomap.test')).access;
    [rejectionReason] = (await getAs(t, manager, '/api/rejection-reasons/')).json().results ?? [];
    [degradationReason] = (await getAs(t, manager, '/api/degradation-reasons/')).json().results ?? [];
  });
  afterAll(async () => t.close());

  describe('deliver with the chosen analysis', () => {
    it('answers 400 for an analysis of another case or the preliminary model, changing nothing', async () => {
      const { caseId, orderIds } = await taviCase();
      const { preliminary } = await studyWithAnalyses(caseId);
      const other = await taviCase();
      const { analyst: foreign } = await studyWithAnalyses(other.caseId);
      const elsewhere = await inject(manager, 'POST', '/api/deliveries/', {
        orderId: orderIds[0],
        analysisId: foreign,
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toEqual({ analysisId: ['Choose an analysis of this case.'] });
      const automatic = await inject(manager, 'POST', '/api/deliveries/', {
        orderId: orderIds[0],
        analysisId: preliminary,
      });
      expect(automatic.json()).toEqual({
        analysisId: ["The preliminary model cannot be delivered: choose an analyst's analysis."],
      });
      const malformed = await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0], analysisId: 'x' });
      expect(malformed.json()).toMatchObject({ analysisId: [expect.any(String)] });
      expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.IN_PROGRESS);
    });

    it('delivers: the analysis belongs to the order, and the physician sees the case ready', async () => {
      const { caseId, orderIds } = await taviCase();
      const { analyst } = await studyWithAnalyses(caseId);
      expect((await seenByPhysician(caseId)).services).toEqual([
        { service: 0, status: ServiceStatus.UNDER_EVALUATION },
      ]);
      const res = await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0], analysisId: analyst });
      expect(res.statusCode).toBe(201);
      const [linked] = await t.database.query<{ orderId: string }>(
        'SELECT order_id AS "orderId" FROM analyses WHERE id = $1',
        [analyst],
      );
      expect(linked?.orderId).toBe(orderIds[0]);
      const seen = await seenByPhysician(caseId);
      expect(seen).toMatchObject({
        status: CaseStatus.COMPLETED,
        hasDeliveredOrder: true,
        services: [{ service: 0, status: ServiceStatus.DELIVERED }],
        orders: [{ status: OrderStatus.DELIVERED, delivery: { isObsoleted: false } }],
      });
      expect(await listedForPhysician(caseId)).toMatchObject({ status: CaseStatus.COMPLETED, hasDeliveredOrder: true });
    });
  });

  it('reject: the physician sees "could not be processed" with the reason and the analyst comment', async () => {
    const { caseId, orderIds } = await taviCase();
    const res = await inject(manager, 'PUT', `/api/cases/${caseId}/reject/`, {
      reasonId: rejectionReason?.id,
      comment: 'The contrast phase is too late for the aortic root.',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      status: CaseStatus.REJECTED,
      isRejectable: false,
      canBeCanceled: false,
      rejection: {
        reasonId: rejectionReason?.id,
        reason: rejectionReason?.name,
        comment: 'The contrast phase is too late for the aortic root.',
      },
      services: [{ service: 0, status: ServiceStatus.CANCELED }],
    };
    expect(await seenByPhysician(caseId)).toMatchObject(expected);
    expect(await listedForPhysician(caseId)).toMatchObject(expected);
    expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.CANCELED);
    // Nothing more can be delivered on a rejected case.
    const late = await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0] });
    expect(late.statusCode).toBe(409);
  });

  it('degrade: the physician reads the remark next to the non-clinical analysis', async () => {
    const { caseId, orderIds } = await taviCase();
    const remark = 'Motion artefacts: the annulus measurements are indicative only.';
    const res = await inject(manager, 'POST', '/api/degradations/', {
      orderId: orderIds[0],
      reasonId: degradationReason?.id,
      remark,
    });
    expect(res.statusCode).toBe(201);
    const order = { isClinical: false, degradation: { reasonId: degradationReason?.id, remark } };
    expect((await seenByPhysician(caseId)).orders[0]).toMatchObject(order);
    expect((await listedForPhysician(caseId)).orders[0]).toMatchObject(order);
    // Still deliverable, and still non-clinical once delivered.
    expect((await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0] })).statusCode).toBe(201);
    expect((await seenByPhysician(caseId)).orders[0]).toMatchObject({ ...order, status: OrderStatus.DELIVERED });
  });

  it('undeliver (research): the case is under evaluation again and the physician no longer sees results', async () => {
    const { caseId, orderIds } = await taviCase({ isResearch: true });
    const delivery = (await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0] })).json();
    expect((await seenByPhysician(caseId)).status).toBe(CaseStatus.COMPLETED);
    expect((await inject(manager, 'DELETE', `/api/deliveries/${delivery.id}/`)).statusCode).toBe(204);
    const expected = {
      status: CaseStatus.IN_PROGRESS,
      hasDeliveredOrder: false,
      dateCompleted: null,
      services: [{ service: 0, status: ServiceStatus.UNDER_EVALUATION }],
      orders: [{ status: OrderStatus.IN_PROGRESS, delivery: null }],
    };
    expect(await seenByPhysician(caseId)).toMatchObject(expected);
    expect(await listedForPhysician(caseId)).toMatchObject(expected);
  });

  it('obsolete: the delivery is flagged, the service shows obsoleted; another organisation gets 404', async () => {
    const { caseId, orderIds } = await taviCase();
    const delivery = (await inject(manager, 'POST', '/api/deliveries/', { orderId: orderIds[0] })).json();
    const ncl = await insertCase(t, {
      org: 'NCL',
      prefix: 'TAVI',
      createdBy: 'other-physician@cardiomap.test',
      orders: [{ devices: [DEVICE.sapien3] }],
    });
    const nclDelivery = (await inject(manager, 'POST', '/api/deliveries/', { orderId: ncl.orderIds[0] })).json();
    const hidden = await inject(deliverer, 'PUT', `/api/deliveries/${nclDelivery.id}/obsolete/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'not_found', detail: 'No delivery matches the given id.' });

    expect((await inject(manager, 'PUT', `/api/deliveries/${delivery.id}/obsolete/`)).statusCode).toBe(200);
    const expected = {
      hasDeliveredOrder: false,
      services: [{ service: 0, status: ServiceStatus.OBSOLETED }],
      orders: [{ status: OrderStatus.OBSOLETED, delivery: { id: delivery.id, isObsoleted: true } }],
    };
    expect(await seenByPhysician(caseId)).toMatchObject(expected);
    expect(await listedForPhysician(caseId)).toMatchObject(expected);
    // The case stays completed: its results were delivered once (spec §4 service status "obsoleted").
    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
  });
});
