import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { orgId } from './case-fixtures.ts';

describe('GET /api/users/', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const emails = (res: { json(): { results: { email: string }[] } }) => res.json().results.map((u) => u.email);

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'customer-support']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
  });

  it("lists active members of the caller's organisations only, 15 a page", async () => {
    const res = await getAs(t, tokens.physician ?? '', '/api/users/?page_size=100');
    expect(res.statusCode).toBe(200);
    const listed = emails(res);
    expect(listed).toContain('trainee-physician@cardiomap.test');
    expect(listed).not.toContain('other-physician@cardiomap.test');
    expect(listed).not.toContain('inactive@cardiomap.test');
    expect(listed).not.toContain('pending@cardiomap.test');
    const first = await getAs(t, tokens.physician ?? '', '/api/users/');
    expect(first.json().results).toHaveLength(15);
    expect(first.json().count).toBe(listed.length);
    expect(first.json().next).toBe('http://localhost:8080/api/users/?page=2');
    expect(emails(await getAs(t, tokens['other-physician'] ?? '', '/api/users/'))).toEqual([
      'other-physician@cardiomap.test',
    ]);
  });

  it('shows only the organisations the caller shares with the user', async () => {
    const res = await getAs(t, tokens['other-physician'] ?? '', '/api/users/');
    expect(res.json().results[0]).toMatchObject({
      givenName: 'Oscar',
      familyName: 'Other',
      title: 'Dr.',
      organisationIds: [await orgId(t, 'NCL')],
    });
  });

  it('finds users by a fragment of name, e-mail or title', async () => {
    const byName = await getAs(t, tokens.physician ?? '', '/api/users/?name_email_or_title=philippa heart');
    expect(emails(byName)).toEqual(['physician@cardiomap.test']);
    const byEmail = await getAs(t, tokens.physician ?? '', '/api/users/?name_email_or_title=TRAINEE');
    expect(emails(byEmail)).toEqual(['trainee-physician@cardiomap.test']);
    const byTitle = await getAs(t, tokens.physician ?? '', '/api/users/?name_email_or_title=dr.&page_size=100');
    expect(emails(byTitle)).toEqual(
      expect.arrayContaining(['physician@cardiomap.test', 'trainee-physician@cardiomap.test']),
    );
    expect(emails(byTitle)).not.toContain('case-analyst@cardiomap.test');
  });

  it('filters by organisation and primary membership, 404 outside the scope', async () => {
    const bhi = await orgId(t, 'BHI');
    expect(emails(await getAs(t, tokens.physician ?? '', `/api/users/?organisation_id=${bhi}`))).toEqual([
      'physician@cardiomap.test',
    ]);
    const primary = await getAs(t, tokens.physician ?? '', `/api/users/?organisation_id=${bhi}&primary_only=true`);
    expect(primary.json()).toMatchObject({ count: 0, results: [] });
    const hvcPrimary = await getAs(
      t,
      tokens.physician ?? '',
      `/api/users/?organisation_id=${await orgId(t, 'HVC')}&primary_only=true&name_email_or_title=philippa`,
    );
    expect(emails(hvcPrimary)).toEqual(['physician@cardiomap.test']);
    const hidden = await getAs(t, tokens.physician ?? '', `/api/users/?organisation_id=${await orgId(t, 'NCL')}`);
    expect(hidden.statusCode).toBe(404);
  });

  it('lists everyone to a caller who may view all users', async () => {
    const res = await getAs(t, tokens['customer-support'] ?? '', '/api/users/?page_size=100');
    expect(emails(res)).toEqual(
      expect.arrayContaining(['other-physician@cardiomap.test', 'pending@cardiomap.test', 'inactive@cardiomap.test']),
    );
    const ncl = await getAs(
      t,
      tokens['customer-support'] ?? '',
      `/api/users/?organisation_id=${await orgId(t, 'NCL')}`,
    );
    expect(emails(ncl)).toEqual(['other-physician@cardiomap.test']);
  });

  it('offers as case responsible only members who may request analyses (issue 30 #10)', async () => {
    const hvc = await orgId(t, 'HVC');
    const all = emails(await getAs(t, tokens.physician ?? '', `/api/users/?organisation_id=${hvc}&page_size=100`));
    const url = `/api/users/?organisation_id=${hvc}&may_be_case_responsible=true&page_size=100`;
    const res = await getAs(t, tokens.physician ?? '', url);
    expect(res.statusCode).toBe(200);
    const responsible = emails(res);
    expect(responsible).toEqual(
      expect.arrayContaining(['physician@cardiomap.test', 'trainee-physician@cardiomap.test']),
    );
    for (const staff of ['venus-sales', 'venus-support', 'rnd-engineer', 'development', 'customer-support']) {
      expect(all).toContain(`${staff}@cardiomap.test`);
      expect(responsible).not.toContain(`${staff}@cardiomap.test`);
    }
    expect(res.json().count).toBe(responsible.length);
    // A search narrows the same list.
    const searched = await getAs(t, tokens.physician ?? '', `${url}&name_email_or_title=sales`);
    expect(searched.json()).toMatchObject({ count: 0, results: [] });
  });

  it('answers 400 for a bad filter', async () => {
    const res = await getAs(
      t,
      tokens.physician ?? '',
      '/api/users/?primary_only=maybe&organisation_id=x&may_be_case_responsible=1',
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['may_be_case_responsible', 'organisation_id', 'primary_only']);
  });
});
