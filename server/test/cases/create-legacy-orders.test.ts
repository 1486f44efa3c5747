import { Service } from '@cardiomap/contract';
import { ONE_DEVICE_PER_SIMULATION, REDO_TAVI_ONLY_FOR_TAVI } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPayload, devicesOf, orgId } from './case-fixtures.ts';

/**
 * Architecture.md §13: a new case may order a legacy simulation or a redo TAVI beside its anatomical
 * analysis, under the same rules as an order added later (checkOrdering): one device that offers the
 * service, a licence for it, a redo TAVI only for TAVI.
 */
describe('POST /api/cases/ with a legacy simulation or a redo TAVI', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = (who: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cases/',
      headers: who ? bearer(tokens[who] ?? '') : {},
      payload: payload as object,
    });
  const device = async (prefix: string, name: string) => {
    const found = (await devicesOf(t, prefix)).find((d) => d.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
  const withAnatomy = (service: Service, deviceIds: string[], deviceVariantIds: string[] = []) => [
    { service: Service.ANATOMICAL, deviceIds: deviceIds.slice(0, 1) },
    { service, deviceIds, deviceVariantIds },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    tokens.physician = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const sapien = await device('TAVI', 'SAPIEN 3 Ultra RESILIA');
    const res = await post(null, await createPayload(t, { orders: withAnatomy(Service.LEGACY, [sapien]) }));
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [Service.LEGACY, 'TAVI', 'SAPIEN 3 Ultra RESILIA'],
    [Service.REDO_TAVI, 'TAVI', 'SAPIEN 3 Ultra RESILIA'],
    [Service.LEGACY, 'LAAO', 'WATCHMAN FLX Pro'],
  ])('orders service %i for a %s case beside its anatomy', async (service, prefix, name) => {
    const id = await device(prefix, name);
    const res = await post('physician', await createPayload(t, { orders: withAnatomy(service, [id]) }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.orders).toMatchObject([
      { service: Service.ANATOMICAL, status: 0, isInitial: true, deviceIds: [id] },
      { service, status: 0, isInitial: true, isClinical: true, deviceIds: [id] },
    ]);
    expect(created.intervention.prefix).toBe(prefix);
  });

  it('answers 400 on the service for a redo TAVI of another intervention', async () => {
    const watchman = await device('LAAO', 'WATCHMAN FLX Pro');
    const res = await post('physician', await createPayload(t, { orders: withAnatomy(Service.REDO_TAVI, [watchman]) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().orders[1].service).toEqual([REDO_TAVI_ONLY_FOR_TAVI]);
  });

  it('answers 400 with field messages for two devices, an unlicensed organisation and an unknown service', async () => {
    const sapien = await device('TAVI', 'SAPIEN 3 Ultra RESILIA');
    const evolut = await device('TAVI', 'Evolut FX+');
    const two = await post(
      'physician',
      await createPayload(t, { orders: withAnatomy(Service.LEGACY, [sapien, evolut]) }),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().orders[1].deviceIds).toContain(ONE_DEVICE_PER_SIMULATION);

    const bhi = await post(
      'physician',
      await createPayload(t, {
        organisationId: await orgId(t, 'BHI'),
        orders: withAnatomy(Service.REDO_TAVI, [sapien]),
      }),
    );
    expect(bhi.statusCode).toBe(400);
    expect(bhi.json()).toEqual({
      orders: { 1: { deviceIds: ['Your organisation has no license for redo TAVI of SAPIEN 3 Ultra RESILIA.'] } },
    });

    const unknown = await post('physician', await createPayload(t, { orders: withAnatomy(4 as Service, [sapien]) }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().orders[1].service).toEqual([
      'Choose anatomical analysis (0), simulation (1), legacy simulation (2) or redo TAVI (3).',
    ]);
  });

  it('answers 400, not 404, for a device that does not exist (create has no resource to hide)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await post('physician', await createPayload(t, { orders: withAnatomy(Service.LEGACY, [missing]) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().orders[1].deviceIds).toEqual([`Device ${missing} does not exist.`]);
  });
});
