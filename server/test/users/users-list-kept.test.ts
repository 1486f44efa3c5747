import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { listUsers } from '../../src/modules/users/repository.ts';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A narrowed users list (search, organisation) is searched once and its ids kept by the instance
 * (kept-lists.ts); a kept list is used only while users_list_version (migration 0020) is the version it
 * was read at. These tests change users behind the API's back, in SQL, so only that version can tell
 * the instance its kept list is stale; without the triggers every second read below would be stale.
 */
describe('GET /api/users/ keeps narrowed lists only while they are current', () => {
  let t: TestApp;
  let superuser: string;
  let hvc: string;

  const list = async (query: string, as = t) => {
    const res = await getAs(as, superuser, `/api/users/?page_size=2&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: { email: string; familyName: string }[] };
    return body;
  };
  const emails = (body: { results: { email: string }[] }) => body.results.map((u) => u.email);
  const addUsers = async (prefix: string, n: number) => {
    for (let i = 0; i < n; i += 1) {
      await t.database.query(
        `INSERT INTO users (email, password_hash, given_name, family_name, title)
         VALUES ($1, 'x', 'Kept', $2, '')`,
        [`${prefix}-${i}@cardiomap.test`, `Keptlist${String.fromCharCode(97 + i)}`],
      );
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    [{ id: hvc }] = (await t.database.query<{ id: string }>(`SELECT id FROM organisations WHERE code = 'HVC'`)) as [
      { id: string },
    ];
    await addUsers('kept', 5);
  });
  afterAll(async () => t.close());

  it('pages through a search in the order and with the count the database gives', async () => {
    const expected = await t.database.query<{ email: string }>(
      `SELECT email FROM users WHERE family_name LIKE 'Keptlist%' ORDER BY family_name, given_name, email`,
    );
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(await list(`name_email_or_title=keptlist&page=${page}`));
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect(pages.flatMap(emails)).toEqual(expected.map((u) => u.email));
    // Asked again: the same answer, from the kept list.
    expect(emails(await list('name_email_or_title=keptlist&page=2'))).toEqual(emails(pages[1]!));
  });

  it('sees a rename, a new user and a deletion made in SQL at the next request', async () => {
    expect((await list('name_email_or_title=keptlist')).count).toBe(5);
    await t.database.query(`UPDATE users SET family_name = 'Renamed' WHERE email = 'kept-0@cardiomap.test'`);
    expect((await list('name_email_or_title=keptlist')).count).toBe(4);
    await t.database.query(`UPDATE users SET family_name = 'Keptlista' WHERE email = 'kept-0@cardiomap.test'`);
    const back = await list('name_email_or_title=keptlist');
    expect(back.count).toBe(5);
    expect(emails(back)[0]).toBe('kept-0@cardiomap.test');

    await addUsers('kept-more', 1);
    expect((await list('name_email_or_title=keptlist')).count).toBe(6);
    await t.database.query(`DELETE FROM users WHERE email = 'kept-more-0@cardiomap.test'`);
    expect((await list('name_email_or_title=keptlist')).count).toBe(5);
  });

  it('sees names change on a kept page, and a membership change in an organisation list', async () => {
    await list('name_email_or_title=keptlist');
    await t.database.query(`UPDATE users SET given_name = 'Changed' WHERE email = 'kept-0@cardiomap.test'`);
    const [first] = (await list('name_email_or_title=keptlist')).results as unknown as { givenName: string }[];
    expect(first!.givenName).toBe('Changed');

    const before = (await list(`organisation_id=${hvc}`)).count;
    await t.database.query(
      `INSERT INTO organisation_memberships (user_id, organisation_id, is_primary)
       SELECT id, $1, true FROM users WHERE email = 'kept-1@cardiomap.test'`,
      [hvc],
    );
    expect((await list(`organisation_id=${hvc}`)).count).toBe(before + 1);
    await t.database.query(
      `DELETE FROM organisation_memberships WHERE user_id = (SELECT id FROM users WHERE email = 'kept-1@cardiomap.test')`,
    );
    expect((await list(`organisation_id=${hvc}`)).count).toBe(before);
  });

  it('does not move the version for a sign-in', async () => {
    const [{ version: before }] = (await t.database.query<{ version: string }>(
      'SELECT version::text FROM users_list_version',
    )) as [{ version: string }];
    await signIn(t, 'physician@cardiomap.test');
    const [{ version: after }] = (await t.database.query<{ version: string }>(
      'SELECT version::text FROM users_list_version',
    )) as [{ version: string }];
    expect(after).toBe(before);
  });

  it('keeps another instance on the same database current', async () => {
    const other = await buildApp({ config: t.config, database: t.database, mailer: t.mail, logger: false });
    await other.ready();
    try {
      const viaOther = { ...t, app: other };
      expect((await list('name_email_or_title=keptlist', viaOther)).count).toBe(5);
      // A change through the first instance's API.
      const [{ id }] = (await t.database.query<{ id: string }>(
        `SELECT id FROM users WHERE email = 'kept-2@cardiomap.test'`,
      )) as [{ id: string }];
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/`,
        headers: { authorization: `Bearer ${superuser}` },
        payload: { familyName: 'Elsewhere' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await list('name_email_or_title=keptlist', viaOther)).count).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('hands back no ids for a list longer than asked', async () => {
    const filter = { withinOrganisations: null, search: 'keptlist', primaryOnly: false, includeInactive: true };
    const short = await listUsers(t.database, filter, { page: 1, page_size: 2 }, { keepIdsUpTo: 2 });
    expect(short.count).toBeGreaterThan(2);
    expect(short.ids).toBeUndefined();
    const all = await listUsers(t.database, filter, { page: 1, page_size: 2 }, { keepIdsUpTo: 100 });
    expect(all.ids).toHaveLength(all.count);
    expect(all.rows.map((r) => r.id)).toEqual(all.ids!.slice(0, 2));
  });
});
