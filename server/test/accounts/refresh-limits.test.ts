import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 22: the web app keeps its access token in memory, so every page load and new tab refreshes by
 * the cookie. Many users behind one address (a hospital's NAT) must not share one refresh bucket.
 */
describe('refresh rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => t.close());

  const refreshByCookie = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/refreshtoken/',
      remoteAddress: '198.51.100.7',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });

  it('counts cookie refreshes per refresh token, not per client address', async () => {
    const users = ['physician', 'case-manager', 'case-analyst', 'venus-support', 'development'];
    const statuses: number[] = [];
    for (const user of users) {
      const pair = await signIn(t, `${user}@cardiomap.test`);
      statuses.push((await refreshByCookie(`cm_refresh=${pair.refresh}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('still limits refreshes without a token per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await refreshByCookie('other=1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
