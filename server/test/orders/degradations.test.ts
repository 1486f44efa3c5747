import { OrderStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, DEVICE, grantPermissions, insertCase, orderStatus } from './fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';
const REMARK = 'Motion artefacts limit the accuracy of the annulus measurements.';

describe('POST /api/degradations/', () => {
  let t: TestApp;
  let analyst: string;
  let physician: string;
  /** May degrade, but sees only HVC (no accounts.all_organisations). */
  let hvcDegrader: string;
  let reasonId: string;

  const degrade = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/degradations/', headers: bearer(token), payload });
  const hvcOrder = async (status: number = OrderStatus.IN_PROGRESS) => {
    const { caseId, orderIds } = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      orders: [{ devices: [DEVICE.sapien3Ultra], status }],
    });
    return { caseId, orderId: orderIds[0] ?? '' };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await grantPermissions(t, 'trainee-physician@cardiomap.test', [P.addDegradation]);
    analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    hvcDegrader = (await signIn(t, 'trainee-physician@cardiomap.test')).access;
    reasonId = (await getAs(t, analyst, '/api/degradation-reasons/')).json().results[0].id;
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/degradations/',
      payload: { orderId: UNKNOWN, remark: REMARK },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is forbidden without cases.add_degradation', async () => {
    const { orderId } = await hvcOrder();
    const res = await degrade(physician, { orderId, remark: REMARK });
    expect(res.statusCode).toBe(403);
    expect((await orderStatus(t, orderId)).isClinical).toBe(true);
  });

  it('answers 400 with field messages', async () => {
    const res = await degrade(analyst, { remark: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ orderId: ['This field is required'], remark: ['This field is required'] });
    const { orderId } = await hvcOrder();
    const badReason = await degrade(analyst, { orderId, remark: REMARK, reasonId: UNKNOWN });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json()).toEqual({ reasonId: ['No degradation reason matches the given id.'] });
  });

  it("answers 404 for an unknown order and for another organisation's order", async () => {
    expect((await degrade(analyst, { orderId: UNKNOWN, remark: REMARK })).statusCode).toBe(404);
    const { orderIds } = await insertCase(t, {
      org: 'NCL',
      prefix: 'TAVI',
      createdBy: 'other-physician@cardiomap.test',
      orders: [{ devices: [DEVICE.sapien3] }],
    });
    const res = await degrade(hvcDegrader, { orderId: orderIds[0], remark: REMARK });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No order matches the given id.');
  });

  it('refuses canceled analyses with 409', async () => {
    const { orderId } = await hvcOrder(OrderStatus.CANCELED);
    const res = await degrade(analyst, { orderId, remark: REMARK });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only analyses in progress or delivered can be marked non-clinical.');
  });

  it('marks the order non-clinical with the remark the clinician reads; only once', async () => {
    const { caseId, orderId } = await hvcOrder();
    const res = await degrade(analyst, { orderId, reasonId, remark: `  ${REMARK} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ orderId, reasonId, remark: REMARK });
    expect((await orderStatus(t, orderId)).isClinical).toBe(false);

    const wire = (await getAs(t, physician, `/api/cases/${caseId}/`)).json();
    expect(wire.orders[0]).toMatchObject({ isClinical: false, degradation: { remark: REMARK, reasonId } });

    const again = await degrade(analyst, { orderId, remark: 'Second opinion' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This analysis is already marked non-clinical.');
    const audit = await auditActions(t, orderId);
    expect(audit).toEqual([{ action: 'order.degrade', details: expect.objectContaining({ reasonId, caseId }) }]);
    expect(JSON.stringify(audit)).not.toContain('Motion');
  });

  it('lets only one of two concurrent degradations of one order succeed', async () => {
    const { orderId } = await hvcOrder(OrderStatus.DELIVERED);
    const results = await Promise.all([
      degrade(analyst, { orderId, remark: 'one' }),
      degrade(analyst, { orderId, remark: 'two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
