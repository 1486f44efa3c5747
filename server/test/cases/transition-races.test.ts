import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../src/db/query.ts';
import { phantomSeries } from '../../src/imaging/testing/phantom.ts';
import { createIngestHandler } from '../../src/jobs/ingest/run-ingest.ts';
import type { ClaimedRun } from '../../src/jobs/runs-repository.ts';
import * as jobRuns from '../../src/jobs/runs-repository.ts';
import { parseJobPayload } from '../../src/modules/jobs/index.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_DB_KIND } from '../helpers/test-database.ts';
import { scratch } from '../imaging/ingest/ingest-fixtures.ts';
import { caseStatus, DEVICE, insertCase, orderStatus } from '../orders/fixtures.ts';

/**
 * The case state machine under concurrency (issue 29): whatever moves a case (a user's cancel, a
 * delivery, the ingest job) decides on the case as it is once its row is locked, so a transition that
 * lost the race changes nothing and tells nobody.
 */
describe('case transitions that race', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (who: string) => bearer(tokens[who] ?? '');
  const cancel = (who: string, caseId: string) =>
    t.app.inject({ method: 'PUT', url: `/api/cases/${caseId}/cancel/`, headers: as(who) });
  const deliver = (who: string, orderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/deliveries/', headers: as(who), payload: { orderId } });
  const work = scratch();

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'case-manager']) tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
  });
  afterAll(async () => {
    await t.close();
    await (await work).cleanup();
  });

  /** An uploaded, confirmed case (submitted) and its claimed ingest job, as a worker would hold it. */
  async function submittedCaseWithClaimedIngest() {
    const { caseId } = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      status: CaseStatus.CREATED,
      orders: [{ devices: [DEVICE.sapien3Ultra] }],
    });
    const zipPath = await (await work).zip(phantomSeries({ count: 12, rows: 32, columns: 32, spacing: 2.5 }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: as('physician'),
      payload: { caseId, filename: 'ct.zip' },
    });
    const { id: inputDataId, writeUrl } = created.json();
    expect((await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) })).statusCode).toBe(
      200,
    );
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/input-data/${inputDataId}/confirm-upload/`,
      headers: as('physician'),
    });
    expect(confirmed.json().uploadSuccessful).toBe(true);
    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.SUBMITTED);
    const [job] = await t.database.query<{ id: string }>('SELECT id FROM jobs WHERE case_id = $1', [caseId]);
    const claimed = await jobRuns.claimRun(queryOn(t.database.db), job?.id ?? '', randomUUID());
    if (!claimed) throw new Error('the ingest job could not be claimed');
    const run = { ...claimed, ...parseJobPayload(claimed) } as ClaimedRun<'ingest'>;
    return { caseId, inputDataId: inputDataId as string, run };
  }

  it('a case canceled while its ingest runs keeps no new volume and sends no "images accepted" mail', async () => {
    const { caseId, inputDataId, run } = await submittedCaseWithClaimedIngest();
    const handler = createIngestHandler({
      database: t.database,
      storage: t.app.storage,
      queue: t.app.queue,
      log: t.app.log,
      tempDir: (await work).work,
      webAppUrl: 'http://cardiomap.test',
    });
    let canceled = false;
    await handler.work({
      run,
      workDir: (await work).work,
      signal: new AbortController().signal,
      log: () => undefined,
      // The job flushes its log once its outputs are stored, just before it records them: the physician
      // cancels the case in that moment.
      flush: async () => {
        if (canceled) return;
        canceled = true;
        expect((await cancel('physician', caseId)).statusCode).toBe(200);
      },
    });
    expect(canceled).toBe(true);

    expect((await caseStatus(t, caseId)).status).toBe(CaseStatus.CANCELED);
    const resources = await t.database.query<{ storageKey: string }>(
      `SELECT r.storage_key AS "storageKey" FROM study_resources r JOIN studies s ON s.id = r.study_id
        WHERE s.case_id = $1`,
      [caseId],
    );
    expect(resources).toEqual([]);
    const accepted = await t.database.query('SELECT id FROM mail_outbox WHERE event_key = $1', [
      `case.images_accepted:${inputDataId}`,
    ]);
    expect(accepted).toEqual([]);
    // The objects the run had already stored are removed again: nothing of the canceled case's volume stays.
    expect(await t.app.storage.head(`cases/${caseId}/ingest/${run.jobId}/${await identifierOf(caseId)}.cmvol`)).toBe(
      null,
    );
  });

  const identifierOf = async (caseId: string) =>
    (
      await t.database.query<{ caseIdentifier: string }>(
        'SELECT case_identifier AS "caseIdentifier" FROM cases WHERE id = $1',
        [caseId],
      )
    )[0]?.caseIdentifier;

  /**
   * On PostgreSQL the test holds the case row itself so that the delivery queues for it first and the
   * cancel second, after the cancel has read the case: the one interleaving that used to cancel a case
   * with a delivered analysis. PGlite runs one transaction at a time, so there the two simply queue.
   */
  async function inOrderBehindALock(caseId: string, first: () => Promise<unknown>, second: () => Promise<unknown>) {
    if (TEST_DB_KIND !== 'postgres') return Promise.all([first(), second()]);
    const [{ db } = { db: '' }] = await t.database.query<{ db: string }>('SELECT current_database() AS db');
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${db}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const waiting = async (count: number) => {
      for (let i = 0; i < 300; i += 1) {
        // Inside its transaction the holder would otherwise see the activity as it was at its first look.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.n ?? 0) >= count) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`fewer than ${count} transactions wait on the case row`);
    };
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM cases WHERE id = $1 FOR UPDATE', [caseId]);
      const a = first();
      await waiting(1);
      const b = second();
      await waiting(2);
      await holder.query('COMMIT');
      return await Promise.all([a, b]);
    } finally {
      await holder.end();
    }
  }

  it('of a delivery and a cancel of a case under evaluation, the case never ends canceled with a delivered analysis', async () => {
    const { caseId, orderIds } = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      status: CaseStatus.IN_PROGRESS,
      orders: [
        { service: Service.ANATOMICAL, devices: [DEVICE.sapien3Ultra] },
        { service: Service.SIMULATION, devices: [DEVICE.sapien3Ultra] },
      ],
    });
    const [first = '', second = ''] = orderIds;
    const [delivered, canceled] = (await inOrderBehindALock(
      caseId,
      () => deliver('case-manager', first),
      () => cancel('case-manager', caseId),
    )) as Awaited<ReturnType<typeof deliver>>[];

    const statuses = [await orderStatus(t, first), await orderStatus(t, second)].map((o) => o.status);
    const status = (await caseStatus(t, caseId)).status;
    const outcome = [delivered?.statusCode, canceled?.statusCode];
    // On PostgreSQL the lock orders them: delivered first, so the cancel sees a delivered analysis.
    if (TEST_DB_KIND === 'postgres') expect(outcome).toEqual([201, 409]);
    if (outcome[1] === 200) {
      expect(outcome[0]).toBe(409);
      expect(status).toBe(CaseStatus.CANCELED);
      expect(statuses).toEqual([OrderStatus.CANCELED, OrderStatus.CANCELED]);
    } else {
      expect(outcome).toEqual([201, 409]);
      expect(status).toBe(CaseStatus.IN_PROGRESS);
      expect(statuses).toEqual([OrderStatus.DELIVERED, OrderStatus.IN_PROGRESS]);
    }
  });
});
