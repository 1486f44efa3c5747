import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeReason } from '../../src/lib/safe-error.ts';
import { createPayload } from '../cases/case-fixtures.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 22 §1 "patient data in logs": a run with a log capture goes through the error paths (a failing
 * statement whose parameters hold a patient identifier, validation errors, 404s, a 500, a failing job's
 * database error) and the log must not contain any planted identifier.
 */
describe('logs never carry query parameters, request bodies or the values a database error quotes', () => {
  const PLANTED = `PLANTED-${Math.random().toString(36).slice(2, 10)}`;
  const PLANTED_COMMENT = `COMMENT-${Math.random().toString(36).slice(2, 10)}`;
  const lines: string[] = [];
  let t: TestApp;
  let token: string;
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cases/', headers: bearer(token), payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    token = (await signIn(t, 'physician@cardiomap.test')).access;
    // A unique index the schema does not have: the second case with this identifier makes the INSERT fail.
    await t.database.query('CREATE UNIQUE INDEX planted_patient_unique ON cases (patient_identifier)');
  });
  afterAll(async () => t.close());

  it('goes through the error paths', async () => {
    const payload = await createPayload(t, {
      patientInformation: { identifier: PLANTED, sex: 'F', age: 70 },
      physicianComment: PLANTED_COMMENT,
    });
    expect((await post(payload)).statusCode).toBe(201);
    const duplicate = await post(payload);
    expect(duplicate.statusCode).toBe(500);
    expect(duplicate.body).not.toContain(PLANTED);

    const invalid = await post({ ...payload, patientInformation: { identifier: PLANTED, sex: 'X', age: 'old' } });
    expect(invalid.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/cases/',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"patientInformation": {"identifier": "${PLANTED}"`,
    });
    expect(malformed.statusCode).toBe(400);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/cases/00000000-0000-4000-8000-000000000000/?search=${PLANTED}`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/cases/?search=${PLANTED}`, headers: bearer(token) });
    expect(list.statusCode).toBe(200);

    // What a job does when a statement fails: the runner logs the error with the app's logger.
    const failure = await t.database.db.execute(sql`SELECT ${PLANTED}::uuid`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure, jobId: 'j' }, 'ingest failed');
    expect(safeReason(failure)).not.toContain(PLANTED);
  });

  it('logged the failures, but none of the planted values', () => {
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('planted_patient_unique');
    expect(log).toContain('ingest failed');
    expect(log).not.toContain(PLANTED);
    expect(log).not.toContain(PLANTED_COMMENT);
  });
});
