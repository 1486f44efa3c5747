import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { LICENCE_REQUIRED_MESSAGE, trialLimitMessage, variantLimitMessage } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, DEVICE, type FixtureCase, idOf, insertCase, userId } from './fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';

describe('POST /api/orders/', () => {
  let t: TestApp;
  let physician: string;
  let other: string;
  let analyst: string;
  let trainee: string;

  const order = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/orders/', headers: bearer(token), payload });
  const tavi = async (extra: Partial<FixtureCase> = {}) =>
    (await insertCase(t, { org: 'HVC', prefix: 'TAVI', orders: [{ devices: [DEVICE.sapien3Ultra] }], ...extra }))
      .caseId;
  const variantIds = async (deviceId: string, count: number) =>
    (
      await t.database.query<{ id: string }>(
        'SELECT id FROM device_variants WHERE device_id = $1 ORDER BY name::numeric LIMIT $2',
        [deviceId, count],
      )
    ).map((v) => v.id);

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, 'other-physician@cardiomap.test')).access;
    analyst = (await signIn(t, 'case-analyst@cardiomap.test')).access;
    trainee = (await signIn(t, 'trainee-physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: { caseId: UNKNOWN, service: 1, deviceIds: [DEVICE.sapien3Ultra] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is forbidden without cases.add_order', async () => {
    const caseId = await tavi();
    const res = await order(analyst, { caseId, service: 1, deviceIds: [DEVICE.sapien3Ultra] });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You do not have permission to order analyses.');
  });

  it('answers 404 for a case of another organisation and an unknown case', async () => {
    const caseId = await tavi();
    const hidden = await order(other, { caseId, service: 1, deviceIds: [DEVICE.sapien3Ultra] });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('not_found');
    expect((await order(physician, { caseId: UNKNOWN, service: 1, deviceIds: [DEVICE.sapien3] })).statusCode).toBe(404);
  });

  it('answers 400 with the field messages of spec §5', async () => {
    const missing = await order(physician, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      caseId: ['This field is required'],
      service: ['This field is required'],
      deviceIds: ['This field is required'],
    });
    const caseId = await tavi();
    const wrongIntervention = await order(physician, { caseId, service: 0, deviceIds: [DEVICE.watchman] });
    expect(wrongIntervention.json()).toEqual({ deviceIds: ['All devices must belong to the same intervention.'] });
    const twoForSimulation = await order(physician, {
      caseId,
      service: 1,
      deviceIds: [DEVICE.sapien3Ultra, DEVICE.sapien3],
    });
    expect(twoForSimulation.json().deviceIds).toContain('A simulation is ordered for exactly one device.');
    const tooManySizes = await order(physician, {
      caseId,
      service: 0,
      deviceIds: [DEVICE.sapien3Ultra],
      deviceVariantIds: await variantIds(DEVICE.sapien3Ultra, 4),
    });
    expect(tooManySizes.json()).toEqual({ deviceVariantIds: [variantLimitMessage(3)] });
    const noSimulation = await order(physician, { caseId, service: 1, deviceIds: [DEVICE.navitor] });
    expect(noSimulation.json().deviceIds).toContain('Navitor cannot be ordered for simulation.');
  });

  it('answers the licence message to an organisation without licences', async () => {
    const { caseId } = await insertCase(t, {
      org: 'NCL',
      prefix: 'TAVI',
      createdBy: 'other-physician@cardiomap.test',
      orders: [{ devices: [DEVICE.sapien3] }],
    });
    const res = await order(other, { caseId, service: 0, deviceIds: [DEVICE.sapien3] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nonFieldErrors: [LICENCE_REQUIRED_MESSAGE] });
  });

  it('refuses a user whose required training is pending', async () => {
    const caseId = await tavi();
    const res = await order(trainee, { caseId, service: 1, deviceIds: [DEVICE.sapien3Ultra] });
    expect(res.statusCode).toBe(400);
    expect(res.json().nonFieldErrors[0]).toMatch(/^Complete the training ".+" before requesting this analysis\.$/);
  });

  it('refuses a case shared with the user (403) and a finished case (409)', async () => {
    const caseId = await tavi();
    await t.database.query('INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)', [
      caseId,
      await userId(t, 'other-physician@cardiomap.test'),
      'other-physician@cardiomap.test',
      await userId(t, 'physician@cardiomap.test'),
    ]);
    const shared = await order(other, { caseId, service: 0, deviceIds: [DEVICE.sapien3] });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().detail).toBe('A case shared with you cannot be changed.');

    const canceled = await tavi({ status: CaseStatus.CANCELED });
    const res = await order(physician, { caseId: canceled, service: 1, deviceIds: [DEVICE.sapien3Ultra] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This case is canceled.');
  });

  it('orders a simulation on a case in progress: clinical under a clinical licence', async () => {
    const caseId = await tavi();
    const sizes = await variantIds(DEVICE.sapien3Ultra, 2);
    const res = await order(physician, {
      caseId,
      service: 1,
      deviceIds: [DEVICE.sapien3Ultra],
      deviceVariantIds: sizes,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      caseId,
      service: Service.SIMULATION,
      status: OrderStatus.IN_PROGRESS,
      deviceIds: [DEVICE.sapien3Ultra],
      isInitial: false,
      isClinical: true,
      degradation: null,
      delivery: null,
    });
    expect([...res.json().deviceVariantIds].sort()).toEqual([...sizes].sort());
    expect(await auditActions(t, res.json().id)).toEqual([
      { action: 'order.create', details: expect.objectContaining({ caseId, service: 1 }) },
    ]);
  });

  it('orders a legacy simulation and a redo TAVI (spec §1), each for one device that offers it', async () => {
    const caseId = await tavi();
    const legacy = await order(physician, { caseId, service: Service.LEGACY, deviceIds: [DEVICE.sapien3Ultra] });
    expect(legacy.statusCode).toBe(201);
    expect(legacy.json()).toMatchObject({ service: Service.LEGACY, status: OrderStatus.IN_PROGRESS, isClinical: true });
    const redo = await order(physician, { caseId, service: Service.REDO_TAVI, deviceIds: [DEVICE.evolut] });
    expect(redo.statusCode).toBe(201);
    expect(redo.json()).toMatchObject({ service: Service.REDO_TAVI, deviceIds: [DEVICE.evolut] });
    const kase = await t.app.inject({ method: 'GET', url: `/api/cases/${caseId}/`, headers: bearer(physician) });
    expect(kase.json().services.map((s: { service: number }) => s.service)).toEqual([0, 2, 3]);
  });

  it('answers 400 for a redo TAVI outside TAVI, two devices, a device without it, and an unknown service', async () => {
    const laao = (await insertCase(t, { org: 'HVC', prefix: 'LAAO', orders: [{ devices: [DEVICE.watchman] }] })).caseId;
    const redoLaao = await order(physician, { caseId: laao, service: Service.REDO_TAVI, deviceIds: [DEVICE.watchman] });
    expect(redoLaao.statusCode).toBe(400);
    expect(redoLaao.json()).toEqual({
      service: ['A redo TAVI can be ordered only for a TAVI case.'],
      deviceIds: ['WATCHMAN FLX Pro cannot be ordered for redo TAVI.'],
    });
    // A legacy simulation of an LAAO device is fine.
    expect(
      (await order(physician, { caseId: laao, service: Service.LEGACY, deviceIds: [DEVICE.watchman] })).statusCode,
    ).toBe(201);
    const caseId = await tavi();
    const twoDevices = await order(physician, {
      caseId,
      service: Service.LEGACY,
      deviceIds: [DEVICE.sapien3Ultra, DEVICE.sapien3],
    });
    expect(twoDevices.json().deviceIds).toContain('A simulation is ordered for exactly one device.');
    const navitor = await order(physician, { caseId, service: Service.REDO_TAVI, deviceIds: [DEVICE.navitor] });
    expect(navitor.json()).toEqual({ deviceIds: ['Navitor cannot be ordered for redo TAVI.'] });
    expect((await order(physician, { caseId, service: 4, deviceIds: [DEVICE.sapien3] })).json()).toEqual({
      service: ['Choose anatomical analysis (0), simulation (1), legacy simulation (2) or redo TAVI (3).'],
    });
  });

  it('orders under a non-clinical trial licence, and enforces the trial case limit', async () => {
    const bhi = await idOf(t, 'organisations', 'code', 'BHI');
    const [trial] = await t.database.query<{ id: string }>('SELECT id FROM trial_licenses WHERE organisation_id = $1', [
      bhi,
    ]);
    const bhiCase = (extra: Partial<FixtureCase> = {}) =>
      insertCase(t, { org: 'BHI', prefix: 'TAVI', orders: [], ...extra }).then((c) => c.caseId);

    const first = await bhiCase();
    const ok = await order(physician, { caseId: first, service: 0, deviceIds: [DEVICE.sapien3] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().isClinical).toBe(false);
    const [counted] = await t.database.query<{ trialId: string }>(
      'SELECT trial_id AS "trialId" FROM cases WHERE id = $1',
      [first],
    );
    expect(counted?.trialId).toBe(trial?.id);

    for (let i = 0; i < 2; i += 1) {
      const c = await bhiCase();
      await t.database.query('UPDATE cases SET trial_id = $2 WHERE id = $1', [c, trial?.id]);
    }
    const beyond = await order(physician, { caseId: await bhiCase(), service: 0, deviceIds: [DEVICE.sapien3] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ nonFieldErrors: [trialLimitMessage(3)] });
    // A case already counted may order more: the limit is on cases, not orders.
    const more = await order(physician, { caseId: first, service: 0, deviceIds: [DEVICE.evolut] });
    expect(more.statusCode).toBe(201);
  });
});
