import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/lib/openapi-document.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('serves the document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/token/', '/api/refreshtoken/', '/api/userinfo/', '/api/health/']),
    );
  });

  it('names the recursive field-error envelope as a component, so every $ref resolves', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.components.schemas)).toContain('FieldErrors');
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.filter((name) => !name || !(name in doc.components.schemas))).toEqual([]);
  });

  it('serves a browsable reference at /api/docs', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('matches the committed server/openapi.json (run `npm run openapi` after changing the contract)', async () => {
    const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
    const fresh = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
    expect(fresh === committed, 'server/openapi.json drifted from packages/contract').toBe(true);
  });
});
