import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const url = '/api/test-hooks/expire-password/';
const token = 'e2e-hooks-secret-of-at-least-32-characters';

/** The e2e suite's hook that expires a password, so the expired-password journey runs on a fresh user. */
describe('POST /api/test-hooks/expire-password/', () => {
  it('is absent unless TEST_HOOKS_TOKEN is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'physician@cardiomap.test' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('with the token set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TEST_HOOKS_TOKEN: token } });
    });
    afterAll(async () => t.close());
    const signIn = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: TEST_PASSWORD } });

    it('refuses a caller without the secret, changing nothing', async () => {
      const payload = { email: 'physician@cardiomap.test' };
      expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(403);
      const wrong = { 'x-test-hooks-token': `${token}x` };
      expect((await t.app.inject({ method: 'POST', url, payload, headers: wrong })).statusCode).toBe(403);
      expect((await signIn('physician@cardiomap.test')).statusCode).toBe(200);
    });

    it('expires the password of the user named, who is then told so at sign-in', async () => {
      const headers = { 'x-test-hooks-token': token };
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: ' Case-Analyst@cardiomap.test ' },
        headers,
      });
      expect(res.statusCode).toBe(204);
      const refused = await signIn('case-analyst@cardiomap.test');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('password_expired');
      const missing = await t.app.inject({ method: 'POST', url, payload: { email: 'nobody@x.test' }, headers });
      expect(missing.statusCode).toBe(404);
    });
  });
});
