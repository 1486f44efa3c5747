import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayload, devicesOf, orgId } from '../cases/case-fixtures.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
type Who = 'sales' | 'templates' | 'terarecon' | 'physician' | 'other';

describe('licences API (device-access-groups, template-devices, licensed-devices, trial-licenses)', () => {
  let t: TestApp;
  const tokens = {} as Record<Who, string>;
  let ncl = '';
  let hvc = '';
  let tavi = ''; // supports anatomical and simulation (and the legacy and redo TAVI simulations)
  let taviAnatomicalOnly = '';

  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(tokens[who]) : {}, ...(payload ? { payload } : {}) });
  const audit = async (action: string) =>
    (await t.database.query<{ n: string }>('SELECT count(*) AS n FROM audit_events WHERE action = $1', [action]))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
    const emails: Record<Who, string> = {
      sales: 'venus-sales',
      templates: 'template-manager',
      terarecon: 'terarecon-admin',
      physician: 'physician',
      other: 'other-physician',
    };
    for (const [who, email] of Object.entries(emails)) {
      tokens[who as Who] = (await signIn(t, `${email}@cardiomap.test`)).access;
    }
    ncl = await orgId(t, 'NCL');
    hvc = await orgId(t, 'HVC');
    const services = await t.database.query<{ id: string; n: string }>(
      `SELECT d.id, count(s.service) AS n FROM devices d JOIN interventions i ON i.id = d.intervention_id
         JOIN device_services s ON s.device_id = d.id WHERE i.prefix = 'TAVI' GROUP BY d.id, d.name ORDER BY d.name`,
    );
    tavi = services.find((d) => Number(d.n) > 1)?.id ?? '';
    taviAnatomicalOnly = services.find((d) => Number(d.n) === 1)?.id ?? '';
    expect(tavi).not.toBe('');
  });
  afterAll(async () => t.close());

  it('needs a signed-in user on every route', async () => {
    const routes: [Parameters<typeof call>[1], string][] = [
      ['GET', '/api/device-access-groups/'],
      ['POST', '/api/device-access-groups/'],
      ['PATCH', `/api/device-access-groups/${MISSING}/`],
      ['DELETE', `/api/device-access-groups/${MISSING}/`],
      ['PUT', `/api/device-access-groups/${MISSING}/subscribe/`],
      ['PUT', `/api/device-access-groups/${MISSING}/unsubscribe/`],
      ['POST', '/api/template-devices/'],
      ['DELETE', `/api/template-devices/${MISSING}/`],
      ['GET', '/api/device-accesses/'],
      ['POST', '/api/licensed-devices/'],
      ['DELETE', `/api/licensed-devices/${MISSING}/`],
      ['GET', '/api/trial-licenses/'],
      ['POST', '/api/trial-licenses/'],
      ['PATCH', `/api/trial-licenses/${MISSING}/`],
      ['DELETE', `/api/trial-licenses/${MISSING}/`],
    ];
    for (const [method, url] of routes) expect((await call(null, method, url, {})).statusCode, url).toBe(401);
  });

  describe('licence templates', () => {
    it('is forbidden without licenses.add_deviceaccessgroup', async () => {
      expect((await call('physician', 'POST', '/api/device-access-groups/', { name: 'X' })).statusCode).toBe(403);
      expect((await call('terarecon', 'POST', '/api/device-access-groups/', { name: 'X' })).statusCode).toBe(403);
      expect(
        (
          await call('terarecon', 'POST', '/api/template-devices/', {
            deviceAccessGroupId: MISSING,
            deviceId: tavi,
            services: [{ service: 0, isClinical: true }],
          })
        ).statusCode,
      ).toBe(403);
      expect((await call('physician', 'DELETE', `/api/template-devices/${MISSING}/`)).statusCode).toBe(403);
      expect(
        (await call('physician', 'PATCH', `/api/device-access-groups/${MISSING}/`, { name: 'Y' })).statusCode,
      ).toBe(403);
      expect((await call('physician', 'DELETE', `/api/device-access-groups/${MISSING}/`)).statusCode).toBe(403);
    });

    it('names the field on bad input', async () => {
      const blank = await call('templates', 'POST', '/api/device-access-groups/', { name: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
      const missing = await call('templates', 'POST', '/api/device-access-groups/', {});
      expect(missing.json()).toEqual({ name: ['This field is required'] });
      const long = await call('templates', 'POST', '/api/device-access-groups/', { name: 'x'.repeat(256) });
      expect(long.statusCode).toBe(400);
      const noAnatomical = await call('templates', 'POST', '/api/template-devices/', {
        deviceAccessGroupId: MISSING,
        deviceId: tavi,
        services: [{ service: 1, isClinical: true }],
      });
      expect(noAnatomical.json()).toEqual({ services: ['The anatomical analysis service must be enabled.'] });
      const unknownTemplate = await call('templates', 'POST', '/api/template-devices/', {
        deviceAccessGroupId: MISSING,
        deviceId: tavi,
        services: [{ service: 0, isClinical: true }],
      });
      expect(unknownTemplate.json()).toEqual({ deviceAccessGroupId: ['No license template matches the given id.'] });
      expect(
        (await call('templates', 'PATCH', `/api/device-access-groups/${MISSING}/`, { name: 'Y' })).statusCode,
      ).toBe(404);
    });

    it('creates, fills, renames, subscribes and deletes a template, auditing each change', async () => {
      const created = await call('templates', 'POST', '/api/device-access-groups/', { name: 'Starter' });
      expect(created.statusCode).toBe(201);
      const group = created.json();
      expect(group).toMatchObject({ name: 'Starter', devices: [], isSubscribed: false });

      const device = await call('templates', 'POST', '/api/template-devices/', {
        deviceAccessGroupId: group.id,
        deviceId: tavi,
        services: [
          { service: 0, isClinical: true },
          { service: 1, isClinical: false },
        ],
      });
      expect(device.statusCode).toBe(201);
      expect(device.json().services).toEqual([
        { service: 0, isClinical: true },
        { service: 1, isClinical: false },
      ]);
      const again = await call('templates', 'POST', '/api/template-devices/', {
        deviceAccessGroupId: group.id,
        deviceId: tavi,
        services: [{ service: 0, isClinical: true }],
      });
      expect(again.json()).toEqual({ deviceId: ['This device is already in the template.'] });
      if (taviAnatomicalOnly) {
        const noSim = await call('templates', 'POST', '/api/template-devices/', {
          deviceAccessGroupId: group.id,
          deviceId: taviAnatomicalOnly,
          services: [
            { service: 0, isClinical: true },
            { service: 1, isClinical: true },
          ],
        });
        expect(noSim.json()).toEqual({ services: ['This device cannot be ordered for simulation.'] });
      }

      const renamed = await call('templates', 'PATCH', `/api/device-access-groups/${group.id}/`, { name: 'Starter+' });
      expect(renamed.json().name).toBe('Starter+');

      // Subscribing licenses the organisation at once: the devices list (the New analysis dialog) shows it.
      expect(
        (await call('physician', 'PUT', `/api/device-access-groups/${group.id}/subscribe/`, { organisationId: ncl }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('physician', 'PUT', `/api/device-access-groups/${group.id}/unsubscribe/`, { organisationId: ncl }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('templates', 'PUT', `/api/device-access-groups/${group.id}/subscribe/`, { organisationId: ncl }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('sales', 'PUT', `/api/device-access-groups/${MISSING}/subscribe/`, { organisationId: ncl }))
          .statusCode,
      ).toBe(404);
      expect((await call('sales', 'PUT', `/api/device-access-groups/${group.id}/subscribe/`, {})).json()).toEqual({
        organisationId: ['This field is required'],
      });
      const subscribed = await call('sales', 'PUT', `/api/device-access-groups/${group.id}/subscribe/`, {
        organisationId: ncl,
      });
      expect(subscribed.statusCode).toBe(200);
      expect(subscribed.json().isSubscribed).toBe(true);
      const offered = async () =>
        (await call('other', 'GET', `/api/devices/?organisation_id=${ncl}`))
          .json()
          .results.find((d: { id: string }) => d.id === tavi)?.services;
      expect(await offered()).toEqual([
        { service: 0, isClinical: true },
        { service: 1, isClinical: false },
      ]);
      const listed = (await call('other', 'GET', `/api/device-access-groups/?organisation_id=${ncl}`)).json().results;
      expect(listed.find((g: { id: string }) => g.id === group.id)?.isSubscribed).toBe(true);
      const accesses = (await call('other', 'GET', '/api/device-accesses/')).json().results;
      expect(accesses).toEqual([expect.objectContaining({ deviceId: tavi, deviceAccessGroupId: group.id })]);
      // A template's licence is withdrawn through the template, not one device at a time.
      const fromTemplate = await call('sales', 'DELETE', `/api/licensed-devices/${accesses[0].id}/`);
      expect(fromTemplate.statusCode).toBe(400);

      // Removing the device from the template withdraws it from subscribers; adding it back returns it.
      expect((await call('templates', 'DELETE', `/api/template-devices/${device.json().id}/`)).statusCode).toBe(204);
      expect(await offered()).toEqual([]);
      await call('templates', 'POST', '/api/template-devices/', {
        deviceAccessGroupId: group.id,
        deviceId: tavi,
        services: [{ service: 0, isClinical: false }],
      });
      expect(await offered()).toEqual([{ service: 0, isClinical: false }]);

      const unsubscribed = await call('sales', 'PUT', `/api/device-access-groups/${group.id}/unsubscribe/`, {
        organisationId: ncl,
      });
      expect(unsubscribed.json().isSubscribed).toBe(false);
      expect(await offered()).toEqual([]);

      await call('sales', 'PUT', `/api/device-access-groups/${group.id}/subscribe/`, { organisationId: ncl });
      expect((await call('templates', 'DELETE', `/api/device-access-groups/${group.id}/`)).statusCode).toBe(204);
      expect(await offered()).toEqual([]);
      expect((await call('templates', 'DELETE', `/api/device-access-groups/${group.id}/`)).statusCode).toBe(404);

      for (const action of [
        'licence_template.create',
        'licence_template.add_device',
        'licence_template.rename',
        'licence_template.remove_device',
        'licence.subscribe',
        'licence.unsubscribe',
        'licence_template.delete',
      ]) {
        expect(Number(await audit(action)), action).toBeGreaterThan(0);
      }
    });
  });

  describe('licensed devices and trial licences', () => {
    it('is forbidden without licenses.add_deviceaccess', async () => {
      const body = { organisationId: hvc, deviceId: tavi, services: [{ service: 0, isClinical: true }] };
      expect((await call('physician', 'POST', '/api/licensed-devices/', body)).statusCode).toBe(403);
      expect((await call('templates', 'POST', '/api/licensed-devices/', body)).statusCode).toBe(403);
      expect((await call('physician', 'DELETE', `/api/licensed-devices/${MISSING}/`)).statusCode).toBe(403);
      expect((await call('physician', 'POST', '/api/trial-licenses/', { organisationId: hvc })).statusCode).toBe(403);
      expect((await call('physician', 'PATCH', `/api/trial-licenses/${MISSING}/`, { limit: 2 })).statusCode).toBe(403);
      expect((await call('physician', 'DELETE', `/api/trial-licenses/${MISSING}/`)).statusCode).toBe(403);
    });

    it("answers 404 for another organisation's licences", async () => {
      expect((await call('other', 'GET', `/api/device-accesses/?organisation_id=${hvc}`)).statusCode).toBe(404);
      expect((await call('other', 'GET', `/api/trial-licenses/?organisation_id=${hvc}`)).statusCode).toBe(404);
      expect((await call('other', 'GET', `/api/device-access-groups/?organisation_id=${hvc}`)).statusCode).toBe(404);
      // Terarecon Admin edits licences of its own organisations only.
      const body = { organisationId: ncl, deviceId: tavi, services: [{ service: 0, isClinical: true }] };
      expect((await call('terarecon', 'POST', '/api/licensed-devices/', body)).statusCode).toBe(404);
      expect((await call('terarecon', 'POST', '/api/trial-licenses/', { organisationId: ncl })).statusCode).toBe(404);
      expect((await call('sales', 'POST', '/api/trial-licenses/', { organisationId: MISSING })).statusCode).toBe(404);
      const [hvcAccess] = (await call('physician', 'GET', `/api/device-accesses/?organisation_id=${hvc}`)).json()
        .results;
      const otherTeraRecon = await call('terarecon', 'DELETE', `/api/licensed-devices/${MISSING}/`);
      expect(otherTeraRecon.statusCode).toBe(404);
      expect(hvcAccess).toBeDefined();
    });

    it('names the field on bad input', async () => {
      const zero = await call('sales', 'POST', '/api/trial-licenses/', { organisationId: ncl, limit: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json()).toEqual({ limit: ['It should allow for at least one case'] });
      const text = await call('sales', 'POST', '/api/trial-licenses/', { organisationId: 'x', limit: 'many' });
      expect(Object.keys(text.json()).sort()).toEqual(['limit', 'organisationId']);
      const noDevice = await call('sales', 'POST', '/api/licensed-devices/', { organisationId: ncl, services: [] });
      expect(noDevice.json()).toEqual({
        deviceId: ['This field is required'],
        services: ['The anatomical analysis service must be enabled.'],
      });
      const unknown = await call('sales', 'POST', '/api/licensed-devices/', {
        organisationId: ncl,
        deviceId: MISSING,
        services: [{ service: 0, isClinical: true }],
      });
      expect(unknown.json()).toEqual({ deviceId: ['Unknown device.'] });
      const [hvcTrial] = (
        await call('physician', 'GET', `/api/trial-licenses/?organisation_id=${await orgId(t, 'BHI')}`)
      ).json().results;
      const foreignTrial = await call('sales', 'POST', '/api/licensed-devices/', {
        organisationId: ncl,
        deviceId: tavi,
        trialId: hvcTrial.id,
        services: [{ service: 0, isClinical: true }],
      });
      expect(foreignTrial.json()).toEqual({ trialId: ['Unknown trial license of this organisation.'] });
      expect((await call('sales', 'PATCH', `/api/trial-licenses/${MISSING}/`, { limit: 2 })).statusCode).toBe(404);
      const patchZero = await call('sales', 'PATCH', `/api/trial-licenses/${hvcTrial.id}/`, { limit: 0 });
      expect(patchZero.statusCode).toBe(400);
      expect(patchZero.json()).toEqual({ limit: ['It should allow for at least one case'] });
      const unchanged = (
        await call('physician', 'GET', `/api/trial-licenses/?organisation_id=${await orgId(t, 'BHI')}`)
      ).json().results[0];
      expect(unchanged.limit).toBe(hvcTrial.limit);
    });

    it('licenses a non-clinical device: the next order may use it, placed orders keep their flag', async () => {
      // What the New analysis dialog reads (devices/ with the organisation's services) on its next request.
      const offered = async () =>
        (await call('other', 'GET', `/api/devices/?organisation_id=${ncl}`))
          .json()
          .results.find((d: { id: string }) => d.id === tavi)?.services;
      expect(await offered()).toEqual([]);
      const created = await call('sales', 'POST', '/api/licensed-devices/', {
        organisationId: ncl,
        deviceId: tavi,
        services: [{ service: 0, isClinical: false }],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        deviceId: tavi,
        trialId: null,
        services: [{ service: 0, isClinical: false }],
      });
      const twice = await call('sales', 'POST', '/api/licensed-devices/', {
        organisationId: ncl,
        deviceId: tavi,
        services: [{ service: 0, isClinical: true }],
      });
      expect(twice.json()).toEqual({ deviceId: ['The organisation already holds a license for this device.'] });
      expect(await offered()).toEqual([{ service: 0, isClinical: false }]);

      const order = await call(
        'other',
        'POST',
        '/api/cases/',
        await createPayload(t, {
          organisationId: ncl,
          orders: [{ service: 0, deviceIds: [tavi], deviceVariantIds: [] }],
        }),
      );
      expect(order.statusCode).toBe(201);
      expect(order.json().orders[0].isClinical).toBe(false);

      expect((await call('sales', 'DELETE', `/api/licensed-devices/${created.json().id}/`)).statusCode).toBe(204);
      expect(await offered()).toEqual([]);
      const refused = await call(
        'other',
        'POST',
        '/api/cases/',
        await createPayload(t, {
          organisationId: ncl,
          orders: [{ service: 0, deviceIds: [tavi], deviceVariantIds: [] }],
        }),
      );
      expect(refused.statusCode).toBe(400);
      const placed = await call('other', 'GET', `/api/cases/${order.json().id}/`);
      expect(placed.json().orders[0].isClinical).toBe(false);
      expect(Number(await audit('licence.add_device'))).toBeGreaterThan(0);
      expect(Number(await audit('licence.remove_device'))).toBeGreaterThan(0);
    });

    it('creates a trial with the default limit, changes and deletes it', async () => {
      const created = await call('sales', 'POST', '/api/trial-licenses/', { organisationId: ncl });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ organisationId: ncl, limit: 3, numberOfCases: 0 });
      const patched = await call('sales', 'PATCH', `/api/trial-licenses/${created.json().id}/`, { limit: 5 });
      expect(patched.json().limit).toBe(5);
      expect((await call('other', 'GET', '/api/trial-licenses/')).json().results).toEqual([
        expect.objectContaining({ id: created.json().id, limit: 5 }),
      ]);
      expect((await call('sales', 'DELETE', `/api/trial-licenses/${created.json().id}/`)).statusCode).toBe(204);
      expect((await call('other', 'GET', '/api/trial-licenses/')).json().results).toEqual([]);
      for (const action of ['trial_license.create', 'trial_license.update', 'trial_license.delete']) {
        expect(Number(await audit(action)), action).toBe(1);
      }
    });

    it('gives the last case of a trial to exactly one of two concurrent orders', async () => {
      const trial = (await call('sales', 'POST', '/api/trial-licenses/', { organisationId: ncl, limit: 1 })).json();
      const [device] = await devicesOf(t, 'LAAO');
      const licensed = await call('sales', 'POST', '/api/licensed-devices/', {
        organisationId: ncl,
        deviceId: device?.id,
        trialId: trial.id,
        services: [{ service: 0, isClinical: true }],
      });
      expect(licensed.statusCode).toBe(201);
      const payload = await createPayload(t, {
        organisationId: ncl,
        orders: [{ service: 0, deviceIds: [device?.id], deviceVariantIds: [] }],
      });
      const results = await Promise.all([
        call('other', 'POST', '/api/cases/', payload),
        call('other', 'POST', '/api/cases/', payload),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)?.json()).toEqual({
        nonFieldErrors: [
          "Your organisation's trial license allows 1 cases and they have all been requested. To continue, please contact us.",
        ],
      });
      expect((await call('other', 'GET', '/api/trial-licenses/')).json().results[0]).toMatchObject({
        limit: 1,
        numberOfCases: 1,
      });
    });
  });
});
