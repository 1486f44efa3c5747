import { LICENCE_REQUIRED_MESSAGE, PERMISSIONS } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, createPayload, devicesOf, inDays, orgId, userId } from './case-fixtures.ts';

describe('POST /api/cases/', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = (who: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cases/',
      headers: bearer(tokens[who] ?? ''),
      payload: payload as object,
    });
  const device = async (prefix: string, name: string) => {
    const found = (await devicesOf(t, prefix)).find((d) => d.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
  const variants = async (deviceId: string) =>
    (
      await t.database.query<{ id: string }>(
        'SELECT id FROM device_variants WHERE device_id = $1 ORDER BY name::numeric',
        [deviceId],
      )
    ).map((v) => v.id);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of [
      'physician',
      'other-physician',
      'trainee-physician',
      'field-clinical-specialist',
      'clinical-services-manager',
    ]) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cases/', payload: await createPayload(t) });
    expect(res.statusCode).toBe(401);
  });

  it('is forbidden without the permission to add cases', async () => {
    const res = await post('field-clinical-specialist', await createPayload(t));
    expect(res.statusCode).toBe(403);
  });

  it('creates the case with its orders, a readable identifier and the creator as responsible', async () => {
    const tavi = await devicesOf(t, 'TAVI');
    const chosen = [tavi[2]?.id, tavi[0]?.id];
    const payload = await createPayload(t, {
      orders: [{ service: 0, deviceIds: chosen, deviceVariantIds: [] }],
      caseResponsibleId: await userId(t, 'physician@cardiomap.test'),
    });
    const res = await post('physician', payload);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      caseIdentifier: 'HVC-TAVI-00001',
      status: 0,
      organisation: { code: 'HVC' },
      intervention: { prefix: 'TAVI' },
      caseResponsibleId: await userId(t, 'physician@cardiomap.test'),
      createdById: await userId(t, 'physician@cardiomap.test'),
      patientInformation: { identifier: 'PATIENT-001', sex: 'F', age: 81 },
      physicianComment: 'Please measure the annulus.',
      services: [{ service: 0, status: 0 }],
      canBeCanceled: true,
      canEdit: true,
    });
    expect(created.orders).toMatchObject([
      { service: 0, status: 0, isInitial: true, isClinical: true, deviceIds: chosen },
    ]);
    expect(created.devices.map((d: { id: string }) => d.id)).toEqual(chosen);
    expect(await auditActions(t, created.id)).toMatchObject([{ action: 'case.create' }]);
    const next = await post('physician', await createPayload(t));
    expect(next.json().caseIdentifier).toBe('HVC-TAVI-00002');
  });

  it('gives concurrent requests distinct identifiers', async () => {
    const payload = await createPayload(t, { orders: [{ service: 0, deviceIds: [await device('TMVR', 'Tendyne')] }] });
    const results = await Promise.all([1, 2, 3].map(() => post('physician', payload)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.json().caseIdentifier)).size).toBe(3);
  });

  it('answers 400 with a message per field for a bad payload', async () => {
    const res = await post('physician', { patientInformation: { identifier: '', sex: 'X', age: -1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.patientInformation).toMatchObject({
      identifier: ['This field is required'],
      sex: ['Select F or M.'],
      age: ['This field cannot be negative'],
    });
    expect(body.organisationId).toEqual(['This field is required']);
    expect(body.expectedDeliveryDatetime).toEqual(['This field is required']);
  });

  it('refuses an organisation the actor is not a member of', async () => {
    const res = await post('physician', await createPayload(t, { organisationId: await orgId(t, 'NCL') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ organisationId: ['You are not a member of this organisation.'] });
  });

  it('refuses dates in the past (spec §5)', async () => {
    const res = await post(
      'physician',
      await createPayload(t, { expectedDeliveryDatetime: inDays(-2), interventionDatetime: inDays(-3) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      expectedDeliveryDatetime: ['Ensure the expected delivery date is not in the past.'],
      interventionDatetime: ['A prospective intervention date cannot be in the past.'],
    });
    const retro = await post(
      'physician',
      await createPayload(t, { isProspective: false, interventionDatetime: inDays(3) }),
    );
    expect(retro.json()).toEqual({
      interventionDatetime: ['A retrospective intervention date cannot be in the future.'],
    });
    const past = await post(
      'physician',
      await createPayload(t, { isProspective: false, interventionDatetime: inDays(-30) }),
    );
    expect(past.statusCode).toBe(201);
  });

  it('refuses sizes beyond the intervention’s limit and devices that do not fit the order', async () => {
    const sapien = await device('TAVI', 'SAPIEN 3 Ultra RESILIA');
    const navitor = await device('TAVI', 'Navitor');
    const evolut = await device('TAVI', 'Evolut FX+');
    const watchman = await device('LAAO', 'WATCHMAN FLX Pro');
    const cases = [
      [
        { service: 0, deviceIds: [sapien], deviceVariantIds: await variants(sapien) },
        { deviceVariantIds: ['This field is limited to 3 choices.'] },
      ],
      [{ service: 1, deviceIds: [navitor] }, { deviceIds: ['Navitor cannot be ordered for simulation.'] }],
      [{ service: 1, deviceIds: [sapien, evolut] }, { deviceIds: ['A simulation is ordered for exactly one device.'] }],
      [
        { service: 0, deviceIds: [sapien, watchman] },
        { deviceIds: ['All devices must belong to the same intervention.'] },
      ],
    ] as const;
    for (const [order, errors] of cases) {
      const res = await post('physician', await createPayload(t, { orders: [order] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ orders: { 0: errors } });
    }
    const twoWithSimulation = await post(
      'physician',
      await createPayload(t, {
        orders: [
          { service: 0, deviceIds: [sapien, navitor] },
          { service: 1, deviceIds: [sapien] },
        ],
      }),
    );
    expect(twoWithSimulation.json()).toEqual({
      orders: {
        0: { deviceIds: ['Several devices can be requested only for a TAVI anatomical analysis without simulation.'] },
      },
    });
  });

  it('orders a simulation with sizes beside the anatomical analysis', async () => {
    const sapien = await device('TAVI', 'SAPIEN 3 Ultra RESILIA');
    const sizes = (await variants(sapien)).slice(1, 3);
    const res = await post(
      'physician',
      await createPayload(t, {
        orders: [
          { service: 0, deviceIds: [sapien] },
          { service: 1, deviceIds: [sapien], deviceVariantIds: sizes },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().orders).toMatchObject([{ service: 0 }, { service: 1, deviceVariantIds: sizes }]);
    expect(res.json().deviceVariantNames).toEqual(['23', '26']);
  });

  it('gives the licence message to an organisation without any licence', async () => {
    const res = await post('other-physician', await createPayload(t, { organisationId: await orgId(t, 'NCL') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nonFieldErrors: [LICENCE_REQUIRED_MESSAGE] });
  });

  it('names the device and service an organisation is not licensed for', async () => {
    const sapien = await device('TAVI', 'SAPIEN 3 Ultra RESILIA');
    const res = await post(
      'physician',
      await createPayload(t, { organisationId: await orgId(t, 'BHI'), orders: [{ service: 1, deviceIds: [sapien] }] }),
    );
    expect(res.json()).toEqual({
      orders: { 0: { deviceIds: ['Your organisation has no license for simulation of SAPIEN 3 Ultra RESILIA.'] } },
    });
  });

  it('counts cases against a trial licence and refuses the one beyond its limit', async () => {
    const bhi = await orgId(t, 'BHI');
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await post('physician', await createPayload(t, { organisationId: bhi }));
      expect(res.statusCode).toBe(201);
      expect(res.json().orders[0].isClinical).toBe(false);
      created.push(res.json().id);
    }
    const refused = await post('physician', await createPayload(t, { organisationId: bhi }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().nonFieldErrors[0]).toContain('trial license allows 3 cases');
    // A canceled case was never analysed, so it gives its place back.
    await t.app.inject({
      method: 'PUT',
      url: `/api/cases/${created[0]}/cancel/`,
      headers: bearer(tokens.physician ?? ''),
    });
    expect((await post('physician', await createPayload(t, { organisationId: bhi }))).statusCode).toBe(201);
    expect((await post('physician', await createPayload(t, { organisationId: bhi }))).statusCode).toBe(400);
  });

  it('refuses an intervention whose required training the user has not followed', async () => {
    const res = await post('trainee-physician', await createPayload(t));
    expect(res.statusCode).toBe(400);
    expect(res.json().nonFieldErrors).toEqual([
      expect.stringMatching(/^Complete the training ".*TAVI.*" before requesting this analysis\.$/),
    ]);
    const tmvr = await post(
      'trainee-physician',
      await createPayload(t, { orders: [{ service: 0, deviceIds: [await device('TMVR', 'Tendyne')] }] }),
    );
    expect(tmvr.statusCode).toBe(201);
  });

  it('lets a user who may skip training (trainings.skip_training) order without following it', async () => {
    const trainee = await userId(t, 'trainee-physician@cardiomap.test');
    const [role] = await t.database.query<{ id: number }>(
      `INSERT INTO groups (name) VALUES ('Training skipper') RETURNING id`,
    );
    await t.database.query(
      'INSERT INTO group_permissions (group_id, permission_id) SELECT $1, id FROM permissions WHERE codename = $2',
      [role!.id, PERMISSIONS.skipTraining],
    );
    await t.database.query('INSERT INTO group_memberships (group_id, user_id) VALUES ($1, $2)', [role!.id, trainee]);
    t.app.authChanged(trainee);
    try {
      const res = await post('trainee-physician', await createPayload(t));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await t.database.query('DELETE FROM groups WHERE id = $1', [role!.id]);
      t.app.authChanged(trainee);
    }
  });

  it('requires a case responsible from the organisation when the actor may assign one', async () => {
    const missing = await post('clinical-services-manager', await createPayload(t));
    expect(missing.json()).toEqual({ caseResponsibleId: ['This field is required'] });
    const outsider = await post(
      'clinical-services-manager',
      await createPayload(t, { caseResponsibleId: await userId(t, 'other-physician@cardiomap.test') }),
    );
    expect(outsider.json()).toEqual({
      caseResponsibleId: ['The case responsible must be a member of the organisation.'],
    });
    const physicianId = await userId(t, 'physician@cardiomap.test');
    const ok = await post('clinical-services-manager', await createPayload(t, { caseResponsibleId: physicianId }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().caseResponsible).toMatchObject({ id: physicianId, email: 'physician@cardiomap.test' });
  });

  it('does not let a user without that permission make someone else responsible', async () => {
    const res = await post(
      'physician',
      await createPayload(t, { caseResponsibleId: await userId(t, 'trainee-physician@cardiomap.test') }),
    );
    expect(res.json()).toEqual({ caseResponsibleId: ['You may not make another user responsible for the case.'] });
  });
});
