import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCase } from './case-fixtures.ts';

// The all-organisations list finds a deep page's month from the counters of migration 0007 (list-query.ts):
// every page must still be exactly the page a plain OFFSET gives, whatever the months and statuses.
describe('GET /api/cases/ pages of the all-organisations list', () => {
  let t: TestApp;
  let superuser: string;

  const expectedPage = async (page: number, size: number, status?: number) =>
    (
      await t.database.query<{ id: string }>(
        `SELECT id FROM cases WHERE $3::smallint IS NULL OR status = $3
          ORDER BY date_created DESC, id LIMIT $1 OFFSET $2`,
        [size, (page - 1) * size, status ?? null],
      )
    ).map((row) => row.id);

  const listedPage = async (page: number, size: number, status?: number) => {
    const res = await getAs(
      t,
      superuser,
      `/api/cases/?page=${page}&page_size=${size}${status === undefined ? '' : `&status=${status}`}`,
    );
    expect(res.statusCode).toBe(200);
    return { count: res.json().count as number, ids: res.json().results.map((c: { id: string }) => c.id) };
  };

  const monthCounters = () =>
    t.database.query<{ month: string; status: number; n: string }>(
      `SELECT month::text, status, n::text FROM case_month_counts WHERE n <> 0 ORDER BY month, status`,
    );
  const recounted = () =>
    t.database.query<{ month: string; status: number; n: string }>(
      `SELECT date_trunc('month', date_created AT TIME ZONE 'UTC')::text AS month, status, count(*)::text AS n
         FROM cases GROUP BY 1, 2 ORDER BY 1, 2`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    const codes = ['HVC', 'NCL', 'BHI'];
    for (let i = 0; i < 30; i += 1) {
      const status = i % 4 === 0 ? CaseStatus.COMPLETED : CaseStatus.CREATED;
      const { id } = await insertCase(t, { organisationCode: codes[i % 3], status });
      // Spread over seven months, several cases a month; case 7 created at the very instant of case 0.
      const n = i === 7 ? 0 : i;
      const created = new Date(Date.UTC(2026, n % 7, 1 + (n % 5), n));
      await t.database.query('UPDATE cases SET date_created = $2 WHERE id = $1', [id, created.toISOString()]);
    }
    await t.database.query('UPDATE cases SET status = $1 WHERE status = $2 AND date_created < $3', [
      CaseStatus.CANCELED,
      CaseStatus.COMPLETED,
      '2026-03-01T00:00:00Z',
    ]);
    await t.database.query(`DELETE FROM cases WHERE id = (SELECT id FROM cases ORDER BY date_created, id LIMIT 1)`);
  });
  afterAll(async () => t.close());

  it('keeps the month counters exact through inserts, moved dates, status changes and deletes', async () => {
    expect(await monthCounters()).toEqual(await recounted());
  });

  it('answers every page, first to past the last, as a plain OFFSET would', async () => {
    const total = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM cases'))[0]?.n ?? 0;
    for (const size of [1, 4, 15]) {
      for (let page = 1; page <= Math.ceil(total / size) + 1; page += 1) {
        const listed = await listedPage(page, size);
        expect(listed.count).toBe(total);
        expect(listed.ids, `page ${page} of ${size}`).toEqual(await expectedPage(page, size));
      }
    }
  });

  it('pages a status filter the same way', async () => {
    for (const status of [CaseStatus.CREATED, CaseStatus.CANCELED, CaseStatus.REJECTED]) {
      for (let page = 1; page <= 6; page += 1) {
        expect((await listedPage(page, 3, status)).ids, `status ${status} page ${page}`).toEqual(
          await expectedPage(page, 3, status),
        );
      }
    }
  });
});
