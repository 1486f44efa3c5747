import { routes } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 27 (Low): what a client sends in the address and its headers never breaks or steers an answer. */
describe('untrusted request text', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signIn(t, 'superuser@cardiomap.test')).access;
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers 400, never 500, to a NUL in any query parameter of any GET route', async () => {
    const failures: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      if (route.method !== 'GET' || route.path.includes(':')) continue;
      const query = (route as { query?: { shape?: Record<string, unknown> } }).query;
      const shape = query?.shape ?? {};
      for (const key of Object.keys(shape)) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${route.path}?${key}=a%00b`,
          headers: route.auth ? bearer(token) : {},
        });
        if (res.statusCode !== 400) failures.push(`${name} ${key}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 500 to a NUL in a path parameter, of any route and method', async () => {
    const failures: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      if (!route.path.includes(':')) continue;
      const url = route.path.replace(/:[A-Za-z]+/g, 'a%00b');
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: route.auth ? bearer(token) : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode >= 500)
        failures.push(`${name} ${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });

  it('builds next/previous links from PUBLIC_URL or localhost, never from the Host header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/devices/?page_size=1',
      headers: { ...bearer(token), host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe(`http://localhost:${t.config.port}/api/devices/?page_size=1&page=2`);
  });
});
