import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { AMULET_LOCKED_MESSAGE } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, DEVICE, type FixtureCase, insertCase, orderStatus, userId } from './fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';

describe('orders/{id}/duplicate/ and orders/{id}/change-requested-device/', () => {
  let t: TestApp;
  let physician: string;
  let other: string;
  let analyst: string;

  const duplicate = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/duplicate/`, headers: bearer(token) });
  const change = (token: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/change-requested-device/`, headers: bearer(token), payload });
  const taviOrder = async (extra: Partial<FixtureCase> = {}) => {
    const made = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      orders: [{ devices: [DEVICE.sapien3Ultra], variantNames: ['23', '26'] }],
      ...extra,
    });
    return { caseId: made.caseId, orderId: made.orderIds[0] ?? '' };
  };
  const shareWithOther = async (caseId: string) =>
    t.database.query('INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)', [
      caseId,
      await userId(t, 'other-physician@cardiomap.test'),
      'other-physician@cardiomap.test',
      await userId(t, 'physician@cardiomap.test'),
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, 'other-physician@cardiomap.test')).access;
    analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  describe('POST /api/orders/{id}/duplicate/', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${UNKNOWN}/duplicate/`, payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('is forbidden without cases.duplicate_order, and on a case shared with the user', async () => {
      const { caseId, orderId } = await taviOrder();
      expect((await duplicate(analyst, orderId)).statusCode).toBe(403);
      await shareWithOther(caseId);
      expect((await duplicate(other, orderId)).statusCode).toBe(403);
    });

    it("answers 404 for an unknown order and another organisation's order; 400 for a malformed id", async () => {
      expect((await duplicate(physician, UNKNOWN)).statusCode).toBe(404);
      const { orderId } = await taviOrder();
      const hidden = await duplicate(other, orderId);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().detail).toBe('No order matches the given id.');
      expect((await duplicate(physician, 'abc')).statusCode).toBe(400);
    });

    it('refuses on a finished case (409)', async () => {
      const { orderId } = await taviOrder({ status: CaseStatus.COMPLETED });
      const res = await duplicate(physician, orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This case is completed.');
    });

    it('orders the same service, devices and sizes again, in progress and not initial', async () => {
      const made = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [
          {
            devices: [DEVICE.sapien3Ultra],
            service: Service.SIMULATION,
            status: OrderStatus.DELIVERED,
            variantNames: ['26'],
          },
        ],
      });
      const source = made.orderIds[0] ?? '';
      const res = await duplicate(physician, source);
      expect(res.statusCode).toBe(201);
      const copy = res.json();
      const [variant] = await t.database.query<{ id: string }>(
        'SELECT device_variant_id AS id FROM order_device_variants WHERE order_id = $1',
        [source],
      );
      expect(copy).toMatchObject({
        caseId: made.caseId,
        service: Service.SIMULATION,
        status: OrderStatus.IN_PROGRESS,
        deviceIds: [DEVICE.sapien3Ultra],
        deviceVariantIds: [variant?.id],
        isInitial: false,
        isClinical: true,
      });
      expect(copy.id).not.toBe(source);
      expect((await auditActions(t, copy.id))[0]).toMatchObject({
        action: 'order.duplicate',
        details: { sourceOrderId: source },
      });
    });
  });

  describe('PUT /api/orders/{id}/change-requested-device/', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${UNKNOWN}/change-requested-device/`,
        payload: { deviceIds: [DEVICE.evolut] },
      });
      expect(res.statusCode).toBe(401);
    });

    it('is forbidden without cases.change_requested_device, and on a case shared with the user', async () => {
      const { caseId, orderId } = await taviOrder();
      expect((await change(analyst, orderId, { deviceIds: [DEVICE.evolut] })).statusCode).toBe(403);
      await shareWithOther(caseId);
      expect((await change(other, orderId, { deviceIds: [DEVICE.evolut] })).statusCode).toBe(403);
    });

    it("answers 404 for another organisation's order", async () => {
      const { orderId } = await taviOrder();
      expect((await change(other, orderId, { deviceIds: [DEVICE.evolut] })).statusCode).toBe(404);
      expect((await change(physician, UNKNOWN, { deviceIds: [DEVICE.evolut] })).statusCode).toBe(404);
    });

    it('answers 400: at least one device, and only devices of the case’s intervention', async () => {
      const { orderId } = await taviOrder();
      for (const payload of [{ deviceIds: [] }, {}]) {
        const res = await change(physician, orderId, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ deviceIds: ['Choose at least one device'] });
      }
      const laao = await change(physician, orderId, { deviceIds: [DEVICE.watchman] });
      expect(laao.statusCode).toBe(400);
      expect(laao.json()).toEqual({ deviceIds: ['All devices must belong to the same intervention.'] });
      expect((await orderStatus(t, orderId)).status).toBe(OrderStatus.IN_PROGRESS);
    });

    it('changes only orders in progress, on cases not finished (409)', async () => {
      const delivered = await insertCase(t, {
        org: 'HVC',
        prefix: 'TAVI',
        orders: [{ devices: [DEVICE.sapien3Ultra], status: OrderStatus.DELIVERED }],
      });
      const res = await change(physician, delivered.orderIds[0] ?? '', { deviceIds: [DEVICE.evolut] });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Only analyses in progress can change devices.');
      const canceled = await taviOrder({ status: CaseStatus.CANCELED });
      const onCanceled = await change(physician, canceled.orderId, { deviceIds: [DEVICE.evolut] });
      expect(onCanceled.statusCode).toBe(409);
      expect(onCanceled.json().detail).toBe('This case is canceled.');
    });

    it('replaces the devices and sizes of the order and records it', async () => {
      const { orderId } = await taviOrder();
      const res = await change(physician, orderId, { deviceIds: [DEVICE.evolut, DEVICE.navitor] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: orderId,
        deviceIds: [DEVICE.evolut, DEVICE.navitor],
        deviceVariantIds: [],
        isClinical: true,
      });
      expect(await auditActions(t, orderId)).toEqual([
        {
          action: 'order.change_devices',
          details: expect.objectContaining({ from: [DEVICE.sapien3Ultra], to: [DEVICE.evolut, DEVICE.navitor] }),
        },
      ]);
    });

    it('keeps a degraded order non-clinical', async () => {
      const { orderId } = await taviOrder();
      await t.database.query("INSERT INTO degradations (order_id, remark) VALUES ($1, 'Poor images')", [orderId]);
      await t.database.query('UPDATE orders SET is_clinical = false WHERE id = $1', [orderId]);
      const res = await change(physician, orderId, { deviceIds: [DEVICE.evolut] });
      expect(res.json()).toMatchObject({ isClinical: false, degradation: { remark: 'Poor images' } });
    });

    it('locks an Amulet on an LAAO case once an Amulet analysis was delivered (spec §9)', async () => {
      const laao = await insertCase(t, {
        org: 'HVC',
        prefix: 'LAAO',
        orders: [
          { devices: [DEVICE.amulet], status: OrderStatus.DELIVERED },
          { devices: [DEVICE.amulet], service: Service.SIMULATION },
        ],
      });
      const simulation = laao.orderIds[1] ?? '';
      const away = await change(physician, simulation, { deviceIds: [DEVICE.watchman] });
      expect(away.statusCode).toBe(400);
      expect(away.json()).toEqual({ deviceIds: [AMULET_LOCKED_MESSAGE] });
      const [size] = await t.database.query<{ id: string }>(
        "SELECT id FROM device_variants WHERE device_id = $1 AND name = '25'",
        [DEVICE.amulet],
      );
      const sized = await change(physician, simulation, { deviceIds: [DEVICE.amulet], deviceVariantIds: [size?.id] });
      expect(sized.statusCode).toBe(200);
      expect(sized.json().deviceVariantIds).toEqual([size?.id]);

      const undelivered = await insertCase(t, {
        org: 'HVC',
        prefix: 'LAAO',
        orders: [{ devices: [DEVICE.amulet] }],
      });
      expect(
        (await change(physician, undelivered.orderIds[0] ?? '', { deviceIds: [DEVICE.watchman] })).statusCode,
      ).toBe(200);
    });
  });
});
