import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaseListCache } from '../../src/modules/cases/list-cache.ts';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCase } from './case-fixtures.ts';

const page = (count: number) => ({ count, results: [] });

describe('CaseListCache', () => {
  it('keeps pages only while listening, and drops them all on a change notice', () => {
    const cache = new CaseListCache();
    cache.store(cache.beginLoad(), 'k', page(1));
    expect(cache.get('k')).toBeUndefined(); // not listening yet
    cache.setListening(true);
    cache.store(cache.beginLoad(), 'k', page(1));
    expect(cache.get('k')).toEqual(page(1));
    cache.changed();
    expect(cache.get('k')).toBeUndefined();
    cache.store(cache.beginLoad(), 'k', page(2));
    cache.setListening(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not store a page whose load raced with a notice', () => {
    const cache = new CaseListCache();
    cache.setListening(true);
    const started = cache.beginLoad();
    cache.changed(); // a commit landed while the page was being read
    cache.store(started, 'k', page(3));
    expect(cache.get('k')).toBeUndefined();
  });

  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = new CaseListCache(1000, 10, () => now);
    cache.setListening(true);
    cache.store(cache.beginLoad(), 'k', page(1));
    now = 1001;
    expect(cache.get('k')).toBeUndefined();
  });
});

/** Through the API: a cached page never hides a committed change, whoever made it. */
describe('GET /api/cases/ with the page cache', () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signIn(t, 'physician@cardiomap.test')).access;
  });
  afterAll(async () => t.close());

  const firstPage = async () => (await getAs(t, token, '/api/cases/?page_size=100')).json();

  // The database's change notice reaches the server a moment after the writer's commit (LISTEN/NOTIFY is
  // asynchronous): a page asked for within that moment may still be the cached one, so each check waits
  // for the notice rather than for the 30 s expiry, which would fail it.
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 25 });

  it('shows a case written straight into the database, and a status changed behind its back', async () => {
    const before = await firstPage();
    const c = await insertCase(t);
    await eventually(async () => {
      const after = await firstPage();
      expect(after.count).toBe(before.count + 1);
      expect(after.results[0].id).toBe(c.id);
    });
    await t.database.query('UPDATE cases SET status = 4 WHERE id = $1', [c.id]);
    await eventually(async () => expect((await firstPage()).results[0].status).toBe(4));
    await t.database.query("UPDATE users SET family_name = 'Renamed' WHERE email = 'physician@cardiomap.test'");
    await eventually(async () => expect((await firstPage()).results[0].caseResponsible.name).toMatch(/Renamed$/));
  });
});
