import { outboxTo } from '../helpers/outbox.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Long and uncommon: passes every password rule. */
export const STRONG_PASSWORD = 'violet kettle harbour 42 drift';

export const registration = (overrides: Record<string, unknown> = {}) => ({
  givenName: 'Nora',
  middleName: '',
  familyName: 'Newcomer',
  title: 'Dr.',
  phoneNumber: '+31 10 123 4567',
  email: 'nora.newcomer@example.org',
  password: STRONG_PASSWORD,
  password2: STRONG_PASSWORD,
  organisationName: 'St. Elsewhere Cardiology',
  ...overrides,
});

export const register = (t: TestApp, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/registration/', payload, remoteAddress });

export const verify = (t: TestApp, key: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/emailverification/${key}/`, remoteAddress });

export const resend = (t: TestApp, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/emailverification/resend/', payload, remoteAddress });

export { lastMailTo, type OutboxRow, outboxTo } from '../helpers/outbox.ts';

/** The key of the newest verification link mailed to `email`, or null when none was. */
export async function lastVerificationKey(t: TestApp, email: string): Promise<string | null> {
  const mails = (await outboxTo(t, email)).filter((m) => /\/emailverification\//.test(m.text));
  return mails.at(-1)?.text.match(/\/emailverification\/(\S+)/)?.[1] ?? null;
}

export const registrationRows = (t: TestApp, email: string) =>
  t.database.query<{ id: string; userId: string | null; verifiedAt: Date | null; passwordHash: string }>(
    `SELECT id, user_id AS "userId", verified_at AS "verifiedAt", password_hash AS "passwordHash"
       FROM registrations WHERE email = $1 ORDER BY date_created`,
    [email],
  );

export const userRow = async (t: TestApp, email: string) =>
  (
    await t.database.query<{ id: string; isActive: boolean; organisationRequest: string; givenName: string }>(
      `SELECT id, is_active AS "isActive", organisation_request AS "organisationRequest", given_name AS "givenName"
         FROM users WHERE email = $1`,
      [email],
    )
  )[0] ?? null;
