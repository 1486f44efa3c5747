import { CaseStatus, OrderStatus, ServiceStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { auditActions, caseStatus, DEVICE, insertCase, orderStatus } from './fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Issue 30 §2: "Obsolete delivery" promises a newer one. The obsoleted results stay marked (viewer, report)
 * and the physician's or staff's duplicate of the obsoleted order takes the completed case back to in
 * progress (the `reopenForNewDelivery` transition, audited), so the newer delivery can be made.
 */
describe('obsolete → duplicate → deliver again', () => {
  let t: TestApp;
  let manager: string;
  let physician: string;
  let other: string;

  const inject = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const duplicate = (token: string | null, orderId: string) =>
    inject(token, 'POST', `/api/orders/${orderId}/duplicate/`);

  /** A delivered TAVI case of HVC with a study, its delivery then marked obsolete. */
  async function obsoletedCase() {
    const { caseId, orderIds } = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      orders: [{ devices: [DEVICE.sapien3Ultra] }],
    });
    const { studyId } = await insertStudyWithVolume(t, caseId);
    const orderId = orderIds[0] ?? '';
    const delivery = (await inject(manager, 'POST', '/api/deliveries/', { orderId })).json();
    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
    expect((await inject(manager, 'PUT', `/api/deliveries/${delivery.id}/obsolete/`)).statusCode).toBe(200);
    return { caseId, orderId, studyId };
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, 'other-physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('marks the obsoleted results: the viewer load says so and the report stays readable, watermarked', async () => {
    const { studyId } = await obsoletedCase();
    const load = await inject(physician, 'GET', `/api/study-viewer/${studyId}/`);
    expect(load.json()).toMatchObject({ isObsolete: true });
    expect(load.statusCode).toBe(200);
    expect((await inject(physician, 'GET', `/api/study-report/${studyId}/`)).statusCode).toBe(200);
    const config = await inject(physician, 'GET', `/api/studies/${studyId}/report-config/`);
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ isObsolete: true, deliveryDate: expect.any(String) });
  });

  it('takes a duplicate of the obsoleted order: the case is in progress again, audited, and delivered anew', async () => {
    const { caseId, orderId, studyId } = await obsoletedCase();
    const res = await duplicate(physician, orderId);
    expect(res.statusCode).toBe(201);
    const newOrder = res.json();
    expect(newOrder).toMatchObject({ status: OrderStatus.IN_PROGRESS, isInitial: false });
    const reopened = await caseStatus(t, caseId);
    expect(reopened).toEqual({ status: CaseStatus.IN_PROGRESS, dateCompleted: null });
    expect(await auditActions(t, caseId)).toContainEqual({
      action: 'case.reopen_for_new_delivery',
      details: expect.objectContaining({
        from: CaseStatus.COMPLETED,
        to: CaseStatus.IN_PROGRESS,
        sourceOrderId: orderId,
      }),
    });
    // While the newer delivery is under way the clinician keeps the obsolete report, not the live config.
    expect((await inject(physician, 'GET', `/api/study-report/${studyId}/`)).statusCode).toBe(200);
    expect((await inject(physician, 'GET', `/api/studies/${studyId}/report-config/`)).statusCode).toBe(403);

    expect((await inject(manager, 'POST', '/api/deliveries/', { orderId: newOrder.id })).statusCode).toBe(201);
    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
    expect((await orderStatus(t, orderId)).status).toBe(OrderStatus.OBSOLETED);
    const seen = (await getAs(t, physician, `/api/cases/${caseId}/`)).json();
    expect(seen).toMatchObject({ status: CaseStatus.COMPLETED, hasDeliveredOrder: true });
    expect(seen.services).toEqual([{ service: 0, status: ServiceStatus.DELIVERED }]);
    const load = (await inject(physician, 'GET', `/api/study-viewer/${studyId}/`)).json();
    expect(load.isObsolete).toBe(false);
    expect((await inject(physician, 'GET', `/api/studies/${studyId}/report-config/`)).json().isObsolete).toBe(false);
  });

  it('refuses with 409 and the reason a completed case whose delivery stands, changing nothing', async () => {
    const delivered = await insertCase(t, { org: 'HVC', prefix: 'TAVI', orders: [{ devices: [DEVICE.sapien3Ultra] }] });
    const deliveredOrder = delivered.orderIds[0] ?? '';
    await inject(manager, 'POST', '/api/deliveries/', { orderId: deliveredOrder });
    const refused = await duplicate(physician, deliveredOrder);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This case is completed.');
    expect((await caseStatus(t, delivered.caseId)).status).toBe(CaseStatus.COMPLETED);
    const orders = await t.database.query('SELECT id FROM orders WHERE case_id = $1', [delivered.caseId]);
    expect(orders).toHaveLength(1);
  });

  it('answers 401 signed out, 404 to another organisation (changing nothing), 400 for a malformed id', async () => {
    const { caseId, orderId } = await obsoletedCase();
    expect((await duplicate(null, orderId)).statusCode).toBe(401);
    const hidden = await duplicate(other, orderId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe('No order matches the given id.');
    expect((await duplicate(physician, UNKNOWN)).statusCode).toBe(404);
    expect((await duplicate(physician, 'abc')).json()).toEqual({ id: ['Must be a valid UUID.'] });
    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
  });
});
