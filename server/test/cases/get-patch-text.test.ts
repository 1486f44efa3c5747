import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, inDays, insertCase, shareWith } from './case-fixtures.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('GET, PATCH /api/cases/{id}/ and GET /api/cases/{id}.txt', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const patch = (who: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/cases/${id}/`, headers: bearer(tokens[who] ?? ''), payload });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-manager', 'case-analyst', 'field-clinical-specialist']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  describe('GET /api/cases/{id}/', () => {
    it('requires authentication', async () => {
      const { id } = await insertCase(t);
      expect((await t.app.inject({ method: 'GET', url: `/api/cases/${id}/` })).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case exactly like a missing one", async () => {
      const { id } = await insertCase(t);
      const hidden = await getAs(t, tokens['other-physician'] ?? '', `/api/cases/${id}/`);
      const missing = await getAs(t, tokens['other-physician'] ?? '', `/api/cases/${MISSING}/`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(missing.json());
      expect((await getAs(t, tokens.physician ?? '', '/api/cases/not-a-uuid/')).statusCode).toBe(400);
    });

    it('derives services, delivery and degradation of the orders, and what the actor may do', async () => {
      const c = await insertCase(t, {
        status: CaseStatus.IN_PROGRESS,
        orders: [
          { service: 0, status: OrderStatus.DELIVERED },
          { service: 1, status: OrderStatus.IN_PROGRESS },
        ],
      });
      const [delivered] = c.orderIds;
      await t.database.query(
        "INSERT INTO deliveries (order_id, is_obsoleted, date_created) VALUES ($1, true, now() - interval '1 day')",
        [delivered],
      );
      const [latest] = await t.database.query<{ id: string }>(
        'INSERT INTO deliveries (order_id) VALUES ($1) RETURNING id',
        [delivered],
      );
      await t.database.query("INSERT INTO degradations (order_id, remark) VALUES ($1, 'Motion artefacts')", [
        delivered,
      ]);
      const res = await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.orders[0]).toMatchObject({
        status: OrderStatus.DELIVERED,
        delivery: { id: latest?.id, isObsoleted: false },
        degradation: { remark: 'Motion artefacts', reasonId: null },
      });
      expect(body.orders[1]).toMatchObject({ delivery: null, degradation: null });
      expect(body).toMatchObject({
        services: [
          { service: 0, status: 3 },
          { service: 1, status: 1 },
        ],
        hasDeliveredOrder: true,
        canBeCanceled: false,
        isRejectable: false,
        canEdit: true,
        canChangeDevices: true,
        canRequestPatientInformation: true,
        isSharedToCurrentUser: false,
        studyId: null,
        inputDataIds: [],
        accessDenied: false,
      });
      const manager = (await getAs(t, tokens['case-manager'] ?? '', `/api/cases/${c.id}/`)).json();
      expect(manager).toMatchObject({ canBeCanceled: false, isRejectable: false });
    });

    it('lets an analyst reject and cancel a case in progress with nothing delivered', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS });
      const manager = (await getAs(t, tokens['case-manager'] ?? '', `/api/cases/${c.id}/`)).json();
      expect(manager).toMatchObject({ canBeCanceled: true, isRejectable: true });
      const physician = (await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`)).json();
      expect(physician).toMatchObject({ canBeCanceled: false, isRejectable: false });
    });

    it('shows analysts the de-identified case: identity only through patient-information/', async () => {
      const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS, patientIdentifier: 'ANALYST-HIDDEN' });
      const res = await getAs(t, tokens['case-analyst'] ?? '', `/api/cases/${c.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        patientInformation: null,
        patientIdentifier: null,
        canRequestPatientInformation: true,
      });
      expect(res.body).not.toContain('ANALYST-HIDDEN');
      const text = await getAs(t, tokens['case-analyst'] ?? '', `/api/cases/${c.id}.txt`);
      expect(text.body).not.toContain('ANALYST-HIDDEN');
      const manager = (await getAs(t, tokens['case-manager'] ?? '', `/api/cases/${c.id}/`)).json();
      expect(manager.patientIdentifier).toBe('ANALYST-HIDDEN');
    });

    it('shows a case shared with the actor without patient details or changes', async () => {
      const c = await insertCase(t, { patientIdentifier: 'HIDDEN-PATIENT' });
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      const res = await getAs(t, tokens['other-physician'] ?? '', `/api/cases/${c.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        isSharedToCurrentUser: true,
        sharedBy: { email: 'physician@cardiomap.test', name: 'Philippa Heart' },
        patientInformation: null,
        patientIdentifier: null,
        patientAge: null,
        patientSex: null,
        canBeCanceled: false,
        canEdit: false,
        canChangeDevices: false,
      });
      expect(res.body).not.toContain('HIDDEN-PATIENT');
      const owner = (await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}/`)).json();
      expect(owner.sharedWith).toMatchObject([{ email: 'other-physician@cardiomap.test', isPending: false }]);
      expect(owner.sharedBy).toBeNull();
    });
  });

  describe('PATCH /api/cases/{id}/', () => {
    it('requires authentication', async () => {
      const { id } = await insertCase(t);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/cases/${id}/`, payload: { physicianComment: 'x' } });
      expect(res.statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      const { id } = await insertCase(t);
      expect((await patch('other-physician', id, { physicianComment: 'x' })).statusCode).toBe(404);
    });

    it('is forbidden without the permission, for a shared case and for a canceled case', async () => {
      const { id } = await insertCase(t);
      expect((await patch('field-clinical-specialist', id, { physicianComment: 'x' })).statusCode).toBe(403);
      await shareWith(t, id, 'other-physician@cardiomap.test');
      expect((await patch('other-physician', id, { physicianComment: 'x' })).statusCode).toBe(403);
      const canceled = await insertCase(t, { status: CaseStatus.CANCELED });
      expect((await patch('physician', canceled.id, { physicianComment: 'x' })).statusCode).toBe(403);
    });

    it('answers 400 with field messages', async () => {
      const { id } = await insertCase(t);
      const res = await patch('physician', id, {
        patientInformation: { identifier: '', sex: 'M', age: -3 },
        expectedDeliveryDatetime: 'tomorrow',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        patientInformation: { identifier: ['This field is required'], age: ['This field cannot be negative'] },
        expectedDeliveryDatetime: ['Enter a date and time with offset (ISO 8601).'],
      });
      const past = await patch('physician', id, { expectedDeliveryDatetime: inDays(-3) });
      expect(past.json()).toEqual({
        expectedDeliveryDatetime: ['Ensure the expected delivery date is not in the past.'],
      });
    });

    it('edits the case, flags a changed patient identifier and audits field names only', async () => {
      const { id } = await insertCase(t, { patientIdentifier: 'OLD-ID' });
      const before = (await getAs(t, tokens.physician ?? '', `/api/cases/${id}/`)).json();
      const res = await patch('physician', id, {
        physicianComment: 'Calcified annulus',
        patientInformation: { identifier: 'NEW-ID', sex: 'M', age: 70 },
        expectedDeliveryDatetime: inDays(7),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        physicianComment: 'Calcified annulus',
        patientIdentifier: 'NEW-ID',
        hasUpdatedPatientIdentifier: true,
      });
      expect(res.json().dateModified > before.dateModified).toBe(true);
      const [audit] = await auditActions(t, id);
      expect(audit).toEqual({
        action: 'case.edit',
        details: { fields: ['physicianComment', 'expectedDeliveryDatetime', 'patientInformation'] },
      });
      expect(JSON.stringify(audit)).not.toContain('NEW-ID');
    });

    it('marks a case as research and back, audited by field name (issue 30 #4)', async () => {
      const { id } = await insertCase(t);
      const research = await patch('case-manager', id, { isResearch: true });
      expect(research.statusCode).toBe(200);
      expect(research.json().isResearch).toBe(true);
      expect((await getAs(t, tokens.physician ?? '', `/api/cases/${id}/`)).json().isResearch).toBe(true);
      expect((await patch('case-manager', id, { isResearch: false })).json().isResearch).toBe(false);
      expect((await auditActions(t, id)).map((a) => a.details)).toContainEqual({ fields: ['isResearch'] });
      const wrong = await patch('case-manager', id, { isResearch: 'yes' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toHaveProperty('isResearch');
    });

    it('keeps the flag off when the identifier stays the same', async () => {
      const { id } = await insertCase(t, { patientIdentifier: 'SAME-ID' });
      const res = await patch('physician', id, { patientInformation: { identifier: 'SAME-ID', sex: 'F', age: 71 } });
      expect(res.json()).toMatchObject({ hasUpdatedPatientIdentifier: false, patientSex: 'F', patientAge: 71 });
    });
  });

  describe('GET /api/cases/{id}.txt', () => {
    it('requires authentication', async () => {
      const { id } = await insertCase(t);
      expect((await t.app.inject({ method: 'GET', url: `/api/cases/${id}.txt` })).statusCode).toBe(401);
    });

    it("answers 404 for another organisation's case", async () => {
      const { id } = await insertCase(t);
      expect((await getAs(t, tokens['other-physician'] ?? '', `/api/cases/${id}.txt`)).statusCode).toBe(404);
      expect((await getAs(t, tokens.physician ?? '', `/api/cases/${MISSING}.txt`)).statusCode).toBe(404);
    });

    it('writes the case as plain text', async () => {
      const c = await insertCase(t, { patientIdentifier: 'TXT-PATIENT' });
      const res = await getAs(t, tokens.physician ?? '', `/api/cases/${c.id}.txt`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain(c.caseIdentifier);
      expect(res.body).toMatch(/Status:\s+created/);
      expect(res.body).toMatch(/Anatomical analysis:\s+awaiting DICOM images/);
      expect(res.body).toMatch(/Patient identifier:\s+TXT-PATIENT/);
      expect(res.body).toContain('Heart Valve Centre Rotterdam (HVC)');
    });

    it('leaves the patient out for a case shared with the actor', async () => {
      const c = await insertCase(t, { patientIdentifier: 'TXT-SECRET' });
      await shareWith(t, c.id, 'other-physician@cardiomap.test');
      const res = await getAs(t, tokens['other-physician'] ?? '', `/api/cases/${c.id}.txt`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(c.caseIdentifier);
      expect(res.body).not.toContain('TXT-SECRET');
      expect(res.body).not.toContain('Patient');
    });
  });
});
