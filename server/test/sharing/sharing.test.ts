import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { lastMailTo, outboxTo } from '../helpers/outbox.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, DEVICE, insertCase, userId } from '../orders/fixtures.ts';

const OTHER = 'other-physician@cardiomap.test';
const SPECIALIST = 'field-clinical-specialist@cardiomap.test';
const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';

describe('sharing: PUT cases/{id}/share/ and DELETE shared-cases/{caseId}/{userId}/', () => {
  let t: TestApp;
  let physician: string;
  let other: string;
  let specialist: string;
  let otherId: string;

  const share = (token: string, caseId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/cases/${caseId}/share/`, headers: bearer(token), payload });
  const revoke = (token: string, caseId: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/shared-cases/${caseId}/${id}/`, headers: bearer(token) });
  const newCase = async (org = 'HVC') => {
    const patientIdentifier = `SECRET-${Math.random().toString(36).slice(2, 8)}`;
    const { caseId } = await insertCase(t, {
      org,
      prefix: 'TAVI',
      patientIdentifier,
      orders: [{ devices: [DEVICE.sapien3Ultra] }],
    });
    return { caseId, patientIdentifier };
  };
  const shareRows = (caseId: string) =>
    t.database.query<{ userId: string | null; email: string }>(
      'SELECT user_id AS "userId", email FROM shared_cases WHERE case_id = $1 ORDER BY email',
      [caseId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, OTHER)).access;
    specialist = (await signIn(t, SPECIALIST)).access;
    otherId = await userId(t, OTHER);
  });
  afterAll(async () => t.close());

  describe('PUT /api/cases/{id}/share/', () => {
    it('requires authentication', async () => {
      const { caseId } = await newCase();
      const res = await t.app.inject({ method: 'PUT', url: `/api/cases/${caseId}/share/`, payload: { email: OTHER } });
      expect(res.statusCode).toBe(401);
    });

    it('is forbidden without cases.add_sharedcase', async () => {
      const { caseId } = await newCase();
      const res = await share(specialist, caseId, { email: OTHER });
      expect(res.statusCode).toBe(403);
    });

    it('answers 404 for a case of another organisation and for an unknown case', async () => {
      const { caseId } = await newCase();
      const res = await share(other, caseId, { email: 'someone@example.com' });
      expect(res.statusCode).toBe(404);
      expect((await share(physician, UNKNOWN, { email: OTHER })).statusCode).toBe(404);
      expect(await shareRows(caseId)).toEqual([]);
    });

    it('answers 400 with field messages', async () => {
      const { caseId } = await newCase();
      const invalid = await share(physician, caseId, { email: 'not an e-mail' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ email: ['Invalid email address'] });
      const neither = await share(physician, caseId, {});
      expect(neither.json()).toMatchObject({ email: ['Give either an e-mail address or a device.'] });
      const both = await share(physician, caseId, { email: OTHER, deviceId: DEVICE.sapien3Ultra });
      expect(both.statusCode).toBe(400);
      const self = await share(physician, caseId, { email: 'Physician@cardiomap.test' });
      expect(self.json()).toEqual({ email: ['You cannot share a case with yourself.'] });
      expect(await shareRows(caseId)).toEqual([]);
    });

    it('shares with an existing user: mail with the case link and no patient data, idempotent', async () => {
      const { caseId, patientIdentifier } = await newCase();
      const res = await share(physician, caseId, { email: OTHER.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json().sharedWith).toEqual([{ id: otherId, email: OTHER, isPending: false }]);
      const mail = await lastMailTo(t, OTHER);
      expect(mail?.text).toContain(`/case-detail/${caseId}`);
      expect(`${mail?.subject}${mail?.text}`).not.toContain(patientIdentifier);
      expect(mail?.text).not.toMatch(/\b70\b|\bage\b/i);

      const sentBefore = (await outboxTo(t, OTHER)).length;
      const again = await share(physician, caseId, { email: OTHER });
      expect(again.statusCode).toBe(200);
      expect(await shareRows(caseId)).toEqual([{ userId: otherId, email: OTHER }]);
      expect((await outboxTo(t, OTHER)).length).toBe(sentBefore);
      const audit = await auditActions(t, caseId);
      expect(audit).toEqual([
        { action: 'case.share', details: expect.objectContaining({ email: OTHER, pending: false }) },
      ]);
      expect(JSON.stringify(audit)).not.toContain(patientIdentifier);
    });

    it('lets the invitee see the case without patient identifiers, but not share or revoke it', async () => {
      const { caseId, patientIdentifier } = await newCase();
      expect((await getAs(t, other, `/api/cases/${caseId}/`)).statusCode).toBe(404);
      await share(physician, caseId, { email: OTHER });
      const res = await getAs(t, other, `/api/cases/${caseId}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        isSharedToCurrentUser: true,
        patientIdentifier: null,
        patientAge: null,
        patientSex: null,
        patientInformation: null,
        sharedBy: { email: 'physician@cardiomap.test' },
      });
      expect(res.body).not.toContain(patientIdentifier);
      const list = await getAs(t, other, '/api/cases/?page_size=100');
      expect(list.statusCode).toBe(200);
      const listed = list.json().results.find((c: { id: string }) => c.id === caseId);
      expect(listed).toMatchObject({ isSharedToCurrentUser: true, patientIdentifier: null, patientInformation: null });
      expect(list.body).not.toContain(patientIdentifier);

      const reshare = await share(other, caseId, { email: 'colleague@example.com' });
      expect(reshare.statusCode).toBe(403);
      expect(reshare.json().detail).toBe('A case shared with you cannot be shared by you.');
      expect((await revoke(other, caseId, otherId)).statusCode).toBe(403);
    });

    it('end to end: a case requested through POST cases/ is shared, found by the invitee, then revoked', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/cases/',
        headers: bearer(physician),
        payload: {
          organisationId: (await getAs(t, physician, '/api/userinfo/')).json().primaryOrganisation.id,
          patientInformation: { identifier: 'E2E-PATIENT-4711', sex: 'M', age: 79 },
          expectedDeliveryDatetime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          orders: [{ service: 0, deviceIds: [DEVICE.sapien3Ultra, DEVICE.evolut] }],
        },
      });
      expect(created.statusCode).toBe(201);
      const { id: caseId, caseIdentifier } = created.json();
      expect((await share(physician, caseId, { email: OTHER })).statusCode).toBe(200);

      const found = await getAs(t, other, `/api/cases/?search=${encodeURIComponent(caseIdentifier)}`);
      expect(found.json().results.map((c: { id: string }) => c.id)).toEqual([caseId]);
      expect(found.body).not.toContain('E2E-PATIENT-4711');
      const detail = await getAs(t, other, `/api/cases/${caseId}/`);
      expect(detail.json()).toMatchObject({ caseIdentifier, patientIdentifier: null, isSharedToCurrentUser: true });
      expect(detail.body).not.toContain('E2E-PATIENT-4711');

      expect((await revoke(physician, caseId, otherId)).statusCode).toBe(204);
      expect((await getAs(t, other, `/api/cases/${caseId}/`)).statusCode).toBe(404);
    });

    it('invites an address without an account: a pending share and a registration link', async () => {
      const { caseId } = await newCase();
      const email = 'new.colleague+cardio@example.com';
      const res = await share(physician, caseId, { email });
      expect(res.statusCode).toBe(200);
      const [pending] = res.json().sharedWith;
      expect(pending).toMatchObject({ email, isPending: true });
      expect(await shareRows(caseId)).toEqual([{ userId: null, email }]);
      expect((await lastMailTo(t, email))?.text).toContain(`/register?email=${encodeURIComponent(email)}`);
      expect((await lastMailTo(t, email))?.text).not.toContain('/case-detail/');
    });

    it('shares with the Field Clinical Specialists of a device (spec §6)', async () => {
      const { caseId, patientIdentifier } = await newCase('BHI');
      expect((await getAs(t, specialist, `/api/cases/${caseId}/`)).statusCode).toBe(404);
      const res = await share(physician, caseId, { deviceId: DEVICE.sapien3Ultra });
      expect(res.statusCode).toBe(200);
      expect(res.json().sharedWith).toEqual([{ id: await userId(t, SPECIALIST), email: SPECIALIST, isPending: false }]);
      expect((await lastMailTo(t, SPECIALIST))?.text).toContain(`/case-detail/${caseId}`);
      const seen = await getAs(t, specialist, `/api/cases/${caseId}/`);
      expect(seen.statusCode).toBe(200);
      expect(seen.body).not.toContain(patientIdentifier);
    });

    it('answers a field error when no specialist knows the device, or the device is unknown', async () => {
      const { caseId } = await newCase();
      const none = await share(physician, caseId, { deviceId: DEVICE.navitor });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ deviceId: ['No Field Clinical Specialist is specialised in this device.'] });
      const unknown = await share(physician, caseId, { deviceId: UNKNOWN });
      expect(unknown.json()).toEqual({ deviceId: ['No device matches the given id.'] });
    });
  });

  describe('DELETE /api/shared-cases/{caseId}/{userId}/', () => {
    it('requires authentication', async () => {
      const { caseId } = await newCase();
      const res = await t.app.inject({ method: 'DELETE', url: `/api/shared-cases/${caseId}/${otherId}/` });
      expect(res.statusCode).toBe(401);
    });

    it('answers 400 for malformed ids', async () => {
      const res = await revoke(physician, 'x', 'y');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['caseId', 'userId']);
    });

    it('is forbidden without cases.add_sharedcase; 404 for a case of another organisation', async () => {
      const { caseId } = await newCase();
      await share(physician, caseId, { email: SPECIALIST });
      expect((await revoke(specialist, caseId, await userId(t, SPECIALIST))).statusCode).toBe(403);
      const hidden = await revoke(other, caseId, otherId);
      expect(hidden.statusCode).toBe(404);
      expect(await shareRows(caseId)).toHaveLength(1);
    });

    it('answers 404 when the case is not shared with that user', async () => {
      const { caseId } = await newCase();
      const res = await revoke(physician, caseId, otherId);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('No share matches the given ids.');
    });

    it('removes access at once and records it', async () => {
      const { caseId } = await newCase();
      await share(physician, caseId, { email: OTHER });
      expect((await getAs(t, other, `/api/cases/${caseId}/`)).statusCode).toBe(200);
      const res = await revoke(physician, caseId, otherId);
      expect(res.statusCode).toBe(204);
      expect((await getAs(t, other, `/api/cases/${caseId}/`)).statusCode).toBe(404);
      const list = (await getAs(t, other, '/api/cases/?page_size=100')).json();
      expect(list.results.map((c: { id: string }) => c.id)).not.toContain(caseId);
      expect(await shareRows(caseId)).toEqual([]);
      expect((await auditActions(t, caseId)).map((a) => a.action)).toEqual(['case.share', 'case.revoke']);
      expect((await revoke(physician, caseId, otherId)).statusCode).toBe(404);
    });

    it('withdraws a pending invitation by its id', async () => {
      const { caseId } = await newCase();
      const shared = await share(physician, caseId, { email: 'pending.invitee@example.com' });
      const pendingId = shared.json().sharedWith[0].id;
      expect((await revoke(physician, caseId, pendingId)).statusCode).toBe(204);
      const wire = (await getAs(t, physician, `/api/cases/${caseId}/`)).json();
      expect(wire.sharedWith).toEqual([]);
    });
  });
});
