import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, caseStatus, DEVICE, grantPermissions, insertCase, orderStatus } from './fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';

describe('deliveries/', () => {
  let t: TestApp;
  let manager: string;
  let physician: string;
  /** A physician who may also deliver, but only non-research cases of HVC (no accounts.all_organisations). */
  let deliverer: string;

  const deliver = (token: string, orderId: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/deliveries/', headers: bearer(token), payload: { orderId } });
  const undeliver = (token: string, deliveryId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/deliveries/${deliveryId}/`, headers: bearer(token) });
  const obsolete = (token: string, deliveryId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/deliveries/${deliveryId}/obsolete/`,
      headers: bearer(token),
    });
  const taviCase = (extra: Partial<Parameters<typeof insertCase>[1]> = {}) =>
    insertCase(t, { org: 'HVC', prefix: 'TAVI', orders: [{ devices: [DEVICE.sapien3Ultra] }], ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    await grantPermissions(t, 'trainee-physician@cardiomap.test', [P.addDelivery, P.deleteDelivery]);
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    deliverer = (await signIn(t, 'trainee-physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  describe('POST /api/deliveries/', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/deliveries/', payload: { orderId: UNKNOWN } });
      expect(res.statusCode).toBe(401);
    });

    it('is forbidden without cases.add_delivery', async () => {
      const { orderIds } = await taviCase();
      const res = await deliver(physician, orderIds[0]);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('You do not have permission to deliver analyses.');
      expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.IN_PROGRESS);
    });

    it('answers 400 with field messages', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/deliveries/',
        headers: bearer(manager),
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ orderId: ['This field is required'] });
      const malformed = await deliver(manager, 'nope');
      expect(malformed.json()).toMatchObject({ orderId: ['Must be a valid UUID.'] });
    });

    it("answers 404 for an unknown order and for an order of another organisation's case", async () => {
      expect((await deliver(manager, UNKNOWN)).statusCode).toBe(404);
      const { orderIds } = await insertCase(t, {
        org: 'NCL',
        prefix: 'TAVI',
        createdBy: 'other-physician@cardiomap.test',
        orders: [{ devices: [DEVICE.sapien3] }],
      });
      const hidden = await deliver(deliverer, orderIds[0]);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'not_found', detail: 'No order matches the given id.' });
    });

    it('needs the processing permission that matches the case (research here)', async () => {
      const { orderIds } = await taviCase({ isResearch: true });
      const res = await deliver(deliverer, orderIds[0]);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('You do not have permission to process research cases.');
      const nonResearch = await taviCase();
      expect((await deliver(deliverer, nonResearch.orderIds[0])).statusCode).toBe(201);
    });

    it('refuses with 409 when the case is not in progress, or the order is not', async () => {
      const created = await taviCase({ status: CaseStatus.CREATED });
      const early = await deliver(manager, created.orderIds[0]);
      expect(early.statusCode).toBe(409);
      expect(early.json().detail).toBe('Results can be delivered only while the case is in progress.');
      const canceled = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [{ devices: [DEVICE.sapien3], status: OrderStatus.CANCELED }, { devices: [DEVICE.sapien3] }],
      });
      const res = await deliver(manager, canceled.orderIds[0]);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This analysis is canceled.');
    });

    it('delivers one order; the case completes only when its last open order is delivered', async () => {
      const { caseId, orderIds } = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [
          { devices: [DEVICE.sapien3Ultra] },
          { devices: [DEVICE.sapien3], service: 1 },
          { devices: [DEVICE.evolut], status: OrderStatus.CANCELED },
        ],
      });
      const [first = '', second = ''] = orderIds;
      const res = await deliver(manager, first);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ orderId: first, isObsoleted: false });
      expect(await caseStatus(t, caseId)).toEqual({ status: CaseStatus.IN_PROGRESS, dateCompleted: null });

      const again = await deliver(manager, first);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This analysis is delivered.');

      expect((await deliver(manager, second)).statusCode).toBe(201);
      const done = await caseStatus(t, caseId);
      expect(done.status).toBe(CaseStatus.COMPLETED);
      expect(done.dateCompleted).not.toBeNull();

      const wire = (await getAs(t, manager, `/api/cases/${caseId}/`)).json();
      expect(wire.status).toBe(CaseStatus.COMPLETED);
      expect(wire.hasDeliveredOrder).toBe(true);
      const delivered = wire.orders.find((o: { id: string }) => o.id === first);
      expect(delivered).toMatchObject({
        status: OrderStatus.DELIVERED,
        delivery: { id: res.json().id, isObsoleted: false },
      });
      expect((await auditActions(t, first)).map((a) => a.action)).toEqual(['order.deliver']);
      expect((await auditActions(t, second))[0]?.details).toMatchObject({ caseCompleted: true, caseId });
    });

    it('lets only one of two concurrent deliveries of one order succeed', async () => {
      const { caseId, orderIds } = await taviCase();
      const results = await Promise.all([deliver(manager, orderIds[0]), deliver(manager, orderIds[0])]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const deliveries = await t.database.query('SELECT id FROM deliveries WHERE order_id = $1', [orderIds[0]]);
      expect(deliveries).toHaveLength(1);
      expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
    });

    it('completes the case when its two orders are delivered at the same time', async () => {
      const { caseId, orderIds } = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [{ devices: [DEVICE.sapien3Ultra] }, { devices: [DEVICE.sapien3], service: 1 }],
      });
      const results = await Promise.all(orderIds.map((id) => deliver(manager, id)));
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
      expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
    });
  });

  describe('DELETE /api/deliveries/{id}/', () => {
    const deliveredResearchCase = async () => {
      const made = await taviCase({ isResearch: true });
      const delivery = (await deliver(manager, made.orderIds[0])).json();
      return { ...made, deliveryId: delivery.id as string };
    };

    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/deliveries/${UNKNOWN}/` });
      expect(res.statusCode).toBe(401);
    });

    it('is forbidden without cases.delete_delivery', async () => {
      const { deliveryId } = await deliveredResearchCase();
      expect((await undeliver(physician, deliveryId)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown delivery and for one of another organisation', async () => {
      expect((await undeliver(manager, UNKNOWN)).statusCode).toBe(404);
      const ncl = await insertCase(t, {
        org: 'NCL',
        prefix: 'TAVI',
        createdBy: 'other-physician@cardiomap.test',
        orders: [{ devices: [DEVICE.sapien3] }],
      });
      const delivery = (await deliver(manager, ncl.orderIds[0])).json();
      const res = await undeliver(deliverer, delivery.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('No delivery matches the given id.');
    });

    it('takes back only research deliveries (409 otherwise)', async () => {
      const { orderIds } = await taviCase();
      const delivery = (await deliver(manager, orderIds[0])).json();
      const res = await undeliver(manager, delivery.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Only deliveries of research cases can be taken back: mark the case as research in "Edit case" first.',
      );
      expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.DELIVERED);
    });

    it('reopens the order and its completed research case, and removes the delivery', async () => {
      const { caseId, orderIds, deliveryId } = await deliveredResearchCase();
      expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
      const res = await undeliver(manager, deliveryId);
      expect(res.statusCode).toBe(204);
      expect(await caseStatus(t, caseId)).toEqual({ status: CaseStatus.IN_PROGRESS, dateCompleted: null });
      expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.IN_PROGRESS);
      expect(await t.database.query('SELECT id FROM deliveries WHERE id = $1', [deliveryId])).toHaveLength(0);
      expect((await auditActions(t, orderIds[0] ?? '')).map((a) => a.action)).toEqual([
        'order.deliver',
        'order.undeliver',
      ]);
      expect((await undeliver(manager, deliveryId)).statusCode).toBe(404);
      // Delivered again, the case completes again.
      expect((await deliver(manager, orderIds[0])).statusCode).toBe(201);
      expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.COMPLETED);
    });
  });

  describe('PUT /api/deliveries/{id}/obsolete/', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/deliveries/${UNKNOWN}/obsolete/`, payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('answers 403 without cases.add_delivery and 404 for an unknown delivery', async () => {
      const { orderIds } = await taviCase();
      const delivery = (await deliver(manager, orderIds[0])).json();
      expect((await obsolete(physician, delivery.id)).statusCode).toBe(403);
      expect((await obsolete(manager, UNKNOWN)).statusCode).toBe(404);
    });

    it('answers 400 for a malformed id', async () => {
      const res = await obsolete(manager, 'not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('id');
    });

    it('marks the delivery obsoleted and its order OBSOLETED, once', async () => {
      const { caseId, orderIds } = await taviCase({ isResearch: true });
      const delivery = (await deliver(manager, orderIds[0])).json();
      const res = await obsolete(manager, delivery.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: delivery.id, isObsoleted: true });
      expect((await orderStatus(t, orderIds[0] ?? '')).status).toBe(OrderStatus.OBSOLETED);
      const wire = (await getAs(t, manager, `/api/cases/${caseId}/`)).json();
      expect(wire.orders[0]).toMatchObject({ status: OrderStatus.OBSOLETED, delivery: { isObsoleted: true } });

      const again = await obsolete(manager, delivery.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This analysis is obsoleted.');
      const takeBack = await undeliver(manager, delivery.id);
      expect(takeBack.statusCode).toBe(409);
    });
  });
});
