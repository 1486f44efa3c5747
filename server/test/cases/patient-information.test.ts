import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditActions, insertCase, shareWith } from './case-fixtures.ts';

const PATIENT = { identifier: 'PI-PATIENT', age: 70, sex: 'M' };

describe.each([
  ['patient-information', true],
  ['sensitive-data', false],
])('GET /api/cases/{id}/%s/', (route, sharedMayRequest) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (who: string, id: string) => getAs(t, tokens[who] ?? '', `/api/cases/${id}/${route}/`);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-manager', 'case-analyst', 'development']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    const { id } = await insertCase(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/cases/${id}/${route}/` })).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's case, and records the refused request", async () => {
    const { id } = await insertCase(t);
    expect((await get('other-physician', id)).statusCode).toBe(404);
    expect(await auditActions(t, id)).toEqual([
      { action: 'case.patient_information_refused', details: { route, status: 404 } },
    ]);
  });

  it('answers 400 for an id that is no UUID, recording nothing', async () => {
    const before = await t.database.query('SELECT id FROM audit_events');
    const res = await getAs(t, tokens.physician ?? '', `/api/cases/not-a-uuid/${route}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('id');
    expect(await t.database.query('SELECT id FROM audit_events')).toHaveLength(before.length);
  });

  it('answers the patient information to a physician of the organisation and audits it', async () => {
    const { id } = await insertCase(t, { patientIdentifier: PATIENT.identifier });
    const res = await get('physician', id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(PATIENT);
    expect(await auditActions(t, id)).toEqual([{ action: 'case.patient_information_viewed', details: { route } }]);
  });

  it(`${sharedMayRequest ? 'lets' : 'does not let'} a user the case is shared with request it`, async () => {
    const { id } = await insertCase(t, { patientIdentifier: PATIENT.identifier });
    await shareWith(t, id, 'other-physician@cardiomap.test');
    const res = await get('other-physician', id);
    expect(res.statusCode).toBe(sharedMayRequest ? 200 : 403);
    // Every request is in the audit trail: the refused one too.
    expect(await auditActions(t, id)).toEqual([
      sharedMayRequest
        ? { action: 'case.patient_information_viewed', details: { route } }
        : { action: 'case.patient_information_refused', details: { route, status: 403 } },
    ]);
  });

  it('follows the rules for analysts of every organisation', async () => {
    const completed = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.COMPLETED });
    const inProgress = await insertCase(t, { organisationCode: 'NCL', status: CaseStatus.IN_PROGRESS });
    if (route === 'patient-information') {
      // Spec §6: the under-evaluation permission only while the case is in progress or submitted.
      expect((await get('case-analyst', completed.id)).statusCode).toBe(403);
      expect((await get('case-analyst', inProgress.id)).statusCode).toBe(200);
      expect((await get('development', inProgress.id)).statusCode).toBe(403);
    } else {
      // Only roles holding cases.view_patient_information see identity; analysts and engineers request it.
      expect((await get('case-manager', completed.id)).statusCode).toBe(200);
      expect((await get('case-analyst', completed.id)).statusCode).toBe(403);
      expect((await get('development', completed.id)).statusCode).toBe(403);
    }
    // Each of those requests, granted or refused, left one line.
    const lines = [...(await auditActions(t, completed.id)), ...(await auditActions(t, inProgress.id))];
    expect(lines).toHaveLength(3);
  });
});
