import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_ANSWER_WINDOW_MS, useRefreshToken } from '../../src/modules/accounts/repository.ts';
import { hashToken } from '../../src/modules/accounts/tokens.ts';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ROUNDS = 10;
const BURST_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, refresh, n } = workerData;
const one = () =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh }) })
    .then(async (res) => ({ status: res.status, body: await res.json() }));
Promise.all(Array.from({ length: n }, one)).then((answers) => parentPort.postMessage(answers));
`;
const onPostgres = process.env.CM_TEST_DB === 'postgres';

/**
 * Issue 27: parallel refreshes of one token (tabs, retries, an API client) still signed the user out:
 * on PostgreSQL 7 of 10 rounds of 10, on PGlite 4 of 8 rounds of just 2. Over real HTTP the later
 * requests of a burst reach the handler after the first has used the token, so the grace is keyed on
 * the moment the successor was answered, not on the use. A repeat after that answer, however soon
 * (the acceptance check replays at once), still ends the sign-in.
 */
describe('parallel refreshes of one token', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const overHttp = async (refresh: string) => {
    const res = await fetch(`${base}/api/refreshtoken/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    return { status: res.status, body: (await res.json()) as { access?: string; refresh?: string } };
  };

  /**
   * Fires `n` refreshes of the same token at once from another thread, as separate clients would: a
   * client on this thread's event loop could not send while the server holds it, and would serialise.
   */
  const burst = async (refresh: string, n: number) =>
    new Promise<{ status: number; body: { access?: string; refresh?: string } }[]>((resolve, reject) => {
      const worker = new Worker(BURST_SCRIPT, {
        eval: true,
        workerData: { url: `${base}/api/refreshtoken/`, refresh, n },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });

  /** `n` parallel refreshes, `ROUNDS` times, each round with the last answer's token. */
  async function rounds(n: number) {
    let { refresh } = await signIn(t, 'physician@cardiomap.test');
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await burst(refresh, n);
      expect(
        answers.map((a) => a.status),
        `round ${round}`,
      ).toEqual(Array(n).fill(200));
      // Every answer is a working pair of the same sign-in, with the same successor.
      expect(new Set(answers.map((a) => a.body.refresh)).size, `round ${round}`).toBe(1);
      for (const answer of answers) {
        expect((await getAs(t, answer.body.access ?? '', '/api/userinfo/')).statusCode, `round ${round}`).toBe(200);
      }
      refresh = answers.at(-1)?.body.refresh ?? '';
    }
    // The sign-in lives on after the bursts.
    const after = await overHttp(refresh);
    expect(after.status).toBe(200);
    expect((await getAs(t, after.body.access ?? '', '/api/userinfo/')).statusCode).toBe(200);
  }

  const sizes = onPostgres ? [10] : [2, 5, 10];
  it.each(sizes)('answers all of %i parallel refreshes with a working pair, round after round', async (n) => {
    await rounds(n);
  });

  it('revokes the sign-in when a used token comes back right after its answer', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    const next = await overHttp(pair.refresh);
    expect(next.status).toBe(200);
    const reuse = await overHttp(pair.refresh);
    expect(reuse.status).toBe(401);
    expect((await overHttp(next.body.refresh ?? '')).status).toBe(401);
    expect((await getAs(t, next.body.access ?? '', '/api/userinfo/')).statusCode).toBe(401);
    const audit = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE action = 'auth.refresh_reuse'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('takes a repeat that arrived after the use but before the answer for a twin, and one after it for a copy', async () => {
    // What decides is the answer, not the use: a burst's later requests often arrive while the first is
    // rotating (measured against the use they looked like copies, and signed the user out).
    const pair = await signIn(t, 'physician@cardiomap.test');
    const next = await overHttp(pair.refresh);
    expect(next.status).toBe(200);
    await t.database.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '2 seconds', answered_at = now() - interval '1 second'
       WHERE token_hash = $1`,
      [hashToken(pair.refresh)],
    );
    const repeatArrived = (msAgo: number) =>
      useRefreshToken(t.database.db, hashToken(pair.refresh), {
        arrivedAt: new Date(Date.now() - msAgo),
        successorHash: hashToken(next.body.refresh ?? ''),
      });
    expect((await repeatArrived(2500)).kind).toBe('grace');
    expect((await repeatArrived(1500)).kind).toBe('grace');
    expect((await repeatArrived(500)).kind).toBe('reused');
  });

  it('treats a repeat as a copy when the rotation that used the token never answered', async () => {
    // The rotation used the token and stored its successor, then died before answering (no answered_at).
    // Within the answer window a repeat is still taken for its twin; after it nobody holds the successor.
    const pair = await signIn(t, 'physician@cardiomap.test');
    const next = await overHttp(pair.refresh);
    expect(next.status).toBe(200);
    await t.database.query(
      `UPDATE refresh_tokens SET answered_at = NULL, used_at = now() - make_interval(secs => $2) WHERE token_hash = $1`,
      [hashToken(pair.refresh), REFRESH_ANSWER_WINDOW_MS / 1000 + 1],
    );
    expect((await overHttp(pair.refresh)).status).toBe(401);
    expect((await overHttp(next.body.refresh ?? '')).status).toBe(401);
  });

  it('records when each rotation answered', async () => {
    const pair = await signIn(t, 'physician@cardiomap.test');
    const before = Date.now();
    expect((await overHttp(pair.refresh)).status).toBe(200);
    const [row] = await t.database.query<{ answered_at: Date | string }>(
      'SELECT answered_at FROM refresh_tokens WHERE token_hash = $1',
      [hashToken(pair.refresh)],
    );
    expect(new Date(row?.answered_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1);
  });
});
