import { Service } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('catalogue: interventions/, devices/, device-variants/, reasons, biz-datetime-in/', () => {
  let t: TestApp;
  let physician: string;
  let otherPhysician: string;
  let superuser: string;
  const orgId = async (code: string) =>
    (await t.database.query<{ id: string }>('SELECT id FROM organisations WHERE code = $1', [code]))[0]?.id ?? '';

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    otherPhysician = (await signIn(t, 'other-physician@cardiomap.test')).access;
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  it.each([
    '/api/interventions/',
    '/api/devices/',
    '/api/device-variants/',
    '/api/rejection-reasons/',
    '/api/degradation-reasons/',
    '/api/biz-datetime-in/?offset=2',
  ])('%s needs a signed-in user', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });

  it('lists the six interventions with their rules and device ids', async () => {
    const res = await getAs(t, physician, '/api/interventions/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(6);
    expect(body.next).toBeNull();
    const byPrefix = Object.fromEntries(body.results.map((i: { prefix: string }) => [i.prefix, i]));
    expect(Object.keys(byPrefix).sort()).toEqual(['LAAO', 'NV', 'TAVI', 'TMVR', 'TPVR', 'TTVR']);
    expect(byPrefix.TAVI).toMatchObject({ variantLimit: 3, trainingRequired: true });
    expect(byPrefix.TAVI.deviceIds.length).toBeGreaterThanOrEqual(5);
    expect(byPrefix.TMVR).toMatchObject({ trainingRequired: false });
  });

  it("answers each device with its sizes and the services the user's organisation is licensed for", async () => {
    const tavi = (await getAs(t, physician, '/api/interventions/'))
      .json()
      .results.find((i: { prefix: string }) => i.prefix === 'TAVI');
    const res = await getAs(t, physician, `/api/devices/?intervention_id=${tavi.id}`);
    expect(res.statusCode).toBe(200);
    const devices = res.json().results;
    expect(devices.every((d: { interventionId: string }) => d.interventionId === tavi.id)).toBe(true);
    const sapien = devices.find((d: { name: string }) => d.name === 'SAPIEN 3 Ultra RESILIA');
    expect(sapien.variants.map((v: { name: string }) => v.name)).toEqual(['20', '23', '26', '29']);
    expect(sapien.services).toEqual([
      { service: Service.ANATOMICAL, isClinical: true },
      { service: Service.SIMULATION, isClinical: true },
      { service: Service.LEGACY, isClinical: true },
      { service: Service.REDO_TAVI, isClinical: true },
    ]);
    const navitor = devices.find((d: { name: string }) => d.name === 'Navitor');
    expect(navitor.services).toEqual([{ service: Service.ANATOMICAL, isClinical: true }]);
  });

  it('answers the licences of another of the user’s organisations: a non-clinical trial', async () => {
    const res = await getAs(t, physician, `/api/devices/?organisation_id=${await orgId('BHI')}&page_size=100`);
    const sapien = res.json().results.find((d: { name: string }) => d.name === 'SAPIEN 3 Ultra RESILIA');
    expect(sapien.services).toEqual([{ service: Service.ANATOMICAL, isClinical: false }]);
  });

  it('shows no licensed service to an organisation without licences', async () => {
    const res = await getAs(t, otherPhysician, '/api/devices/?page_size=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.every((d: { services: unknown[] }) => d.services.length === 0)).toBe(true);
  });

  it('answers 404 for an organisation the user is not a member of, unless they may see all', async () => {
    const ncl = await orgId('NCL');
    const hidden = await getAs(t, physician, `/api/devices/?organisation_id=${ncl}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('not_found');
    const admin = await getAs(t, superuser, `/api/devices/?organisation_id=${ncl}`);
    expect(admin.statusCode).toBe(200);
  });

  it('answers 400 with field messages for malformed filters', async () => {
    const res = await getAs(t, physician, '/api/devices/?organisation_id=not-a-uuid&page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ organisation_id: ['Must be a valid UUID.'], page: ['Invalid page.'] });
  });

  it('pages with absolute next and previous links', async () => {
    const first = (await getAs(t, physician, '/api/devices/?page_size=5')).json();
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe('http://localhost:8080/api/devices/?page_size=5&page=2');
    const second = (await getAs(t, physician, '/api/devices/?page_size=5&page=2')).json();
    expect(second.previous).toMatch(/\/api\/devices\/\?page_size=5&page=1$/);
    expect(second.results.map((d: { id: string }) => d.id)).not.toContain(first.results[0].id);
  });

  it('sorts sizes by their numeric value, not as text', async () => {
    const myval = (await getAs(t, physician, '/api/devices/?page_size=100'))
      .json()
      .results.find((d: { name: string }) => d.name === 'Myval');
    await t.database.query(`INSERT INTO device_variants (device_id, name) VALUES ($1, '100'), ($1, '9')`, [myval.id]);
    const res = await getAs(t, physician, `/api/device-variants/?device_id=${myval.id}`);
    expect(res.json().results.map((v: { name: string }) => v.name)).toEqual([
      '9',
      '20',
      '21.5',
      '23',
      '24.5',
      '26',
      '27.5',
      '29',
      '30.5',
      '32',
      '100',
    ]);
  });

  it('lists rejection and degradation reasons', async () => {
    const rejection = (await getAs(t, physician, '/api/rejection-reasons/')).json();
    const degradation = (await getAs(t, physician, '/api/degradation-reasons/')).json();
    expect(rejection.count).toBeGreaterThanOrEqual(5);
    expect(degradation.results[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
  });

  it('answers the instant N business days from now', async () => {
    const res = await getAs(t, physician, '/api/biz-datetime-in/?offset=2');
    expect(res.statusCode).toBe(200);
    const date = new Date(res.json().date);
    const days = (date.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(4.1);
    expect([0, 6]).not.toContain(date.getUTCDay());
  });

  it.each([
    ['', 'offset'],
    ['?offset=-1', 'offset'],
    ['?offset=1.5', 'offset'],
    ['?offset=abc', 'offset'],
    ['?offset=31', 'offset'],
  ])('refuses biz-datetime-in/%s with a field message', async (query, field) => {
    const res = await getAs(t, physician, `/api/biz-datetime-in/${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toEqual([expect.any(String)]);
  });

  it('reseeding the catalogue changes nothing', async () => {
    const before = (await getAs(t, physician, '/api/devices/?page_size=100')).json();
    const { seedCatalogue } = await import('../../src/db/seed/catalogue.ts');
    await seedCatalogue(t.database.db);
    const after = (await getAs(t, physician, '/api/devices/?page_size=100')).json();
    expect(after).toEqual(before);
  });
});
