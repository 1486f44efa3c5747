import { randomUUID } from 'node:crypto';
import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingestSettled, PHANTOM_SLICES, uploadPhantom } from './upload-phantom.ts';

const TOKEN = 'metrics-token-for-the-test-scraper-0123456789';
const INGEST_COMPLETED = { job_type: 'ingest', outcome: 'completed' };

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.slice(name.length);
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

/** Every label value of every series. */
const labelValues = (text: string) =>
  [...text.matchAll(/^[a-z_]+\{([^}]*)\}/gm)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/="([^"]*)"/g)].map((v) => v[1]),
  );

/** Issue 22 §2: Prometheus metrics on their own port, behind a token, with labels from closed sets only. */
describe('metrics', () => {
  let t: TestApp;
  let token: string;
  const scrape = (authorization?: string) =>
    fetch(t.app.metrics?.url() ?? '', { headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await createTestApp({
      env: { RUN_WORKERS: 'true', METRICS_PORT: '0', METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' },
    });
    token = (await signIn(t, 'physician@cardiomap.test')).access;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Scrapes until `ready` holds of the body (checking each answer is a 200 text page), for at most 60 s. */
  async function scrapeUntil(ready: (body: string) => boolean): Promise<string> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const body = await res.text();
      if (ready(body) || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('are off by default, and a port without a token is refused at start', async () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN/);
    // A bad token is a secret all the same: never echoed.
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
    // The API's own port never serves them.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('refuse a scrape without the token or with another one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.replace('0', '1')}`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    expect((await fetch(t.app.metrics?.url().replace('/metrics', '/') ?? '')).status).toBe(404);
  });

  it('count requests by route pattern, jobs by type and outcome, slices, queue depth and connections', async () => {
    const identifier = `PATIENT-${randomUUID()}`;
    const missing = randomUUID();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/cases/${missing}/`, headers: bearer(token) })).statusCode,
    ).toBe(404);
    await t.app.inject({ method: 'GET', url: `/api/cases/?search=${identifier}`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: `/api/no-such-route/${identifier}` });
    const caseId = await uploadPhantom(t, token);
    expect(await ingestSettled(t, token, caseId)).toBe(CaseStatus.IN_PROGRESS);
    // The case moves inside the job's last transaction; the runner counts the job only after it: wait for
    // the count itself, not for the case.
    const text = await scrapeUntil((body) => sample(body, 'cardiomap_jobs_total', INGEST_COMPLETED) !== undefined);

    const requests = 'cardiomap_http_request_duration_seconds_count';
    expect(sample(text, requests, { method: 'GET', route: '/api/cases/:id/', status_code: '404' })).toBe(1);
    expect(sample(text, requests, { method: 'GET', route: '/api/cases/', status_code: '200' })).toBe(1);
    expect(sample(text, requests, { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, requests, { route: '/api/input-data/:id/confirm-upload/', status_code: '200' })).toBe(1);
    expect(text).toContain('cardiomap_http_request_duration_seconds_bucket{le="0.005",method="GET"');

    expect(sample(text, 'cardiomap_jobs_total', INGEST_COMPLETED)).toBe(1);
    expect(sample(text, 'cardiomap_job_duration_seconds_count', INGEST_COMPLETED)).toBe(1);
    expect(sample(text, 'cardiomap_ingest_slices_total')).toBe(PHANTOM_SLICES);
    expect(sample(text, 'cardiomap_queue_jobs', { queue: 'imaging', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cardiomap_queue_jobs', { queue: 'imaging', state: 'active' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cardiomap_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cardiomap_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);

    // No id, URL or patient text in any label: only patterns and closed sets.
    const values = new Set(labelValues(text));
    for (const value of values) {
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(value).not.toContain('PATIENT');
      expect(value).not.toContain('?');
    }
    expect(text).not.toContain(caseId);
    expect(text).not.toContain(missing);
  }, 120_000);
});
