import type { TokenPair } from '@cardiomap/contract';
import type { TestApp } from './test-app.ts';
import { TEST_PASSWORD } from './test-app.ts';

/** Signs a demo user in through the real route and returns the token pair. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<TokenPair> {
  const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
  if (res.statusCode !== 200 || !('access' in res.json())) {
    throw new Error(`sign-in of ${email} answered ${res.statusCode} ${res.body}`);
  }
  return res.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** GET with a bearer token, the most common call of the account tests. */
export async function getAs(t: TestApp, access: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(access) });
}

/** The server's access-token signing key, read from the database, for tests that forge tokens. */
export async function accessTokenKey(t: TestApp): Promise<Uint8Array> {
  const [row] = await t.database.query<{ value: Buffer | Uint8Array }>(
    `SELECT value FROM app_secrets WHERE name = 'access_token_key'`,
  );
  return new Uint8Array(row?.value ?? []);
}
