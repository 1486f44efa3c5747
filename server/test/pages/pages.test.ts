import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPages } from '../../src/db/seed/pages.ts';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('pages/{slug}/ and organisation-contacts/', () => {
  let t: TestApp;
  let superuser: string;
  let physician: string;
  let other: string;
  let regions: { id: string; name: string }[];
  const regionId = (name: string) => {
    const region = regions.find((r) => r.name === name);
    if (!region) throw new Error(`no region ${name}`);
    return region.id;
  };
  const put = (access: string | null, slug: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pages/${slug}/`,
      headers: access ? bearer(access) : {},
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp();
    superuser = (await signIn(t, 'superuser@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    other = (await signIn(t, 'other-physician@cardiomap.test')).access;
    // Every region has a seeded guide, so the editor's view names them all.
    regions = (await getAs(t, superuser, '/api/pages/docs/?scope=all'))
      .json()
      .sections.map((s: { regionId: string; region: string }) => ({ id: s.regionId, name: s.region }));
  });
  afterAll(async () => t.close());

  describe('GET pages/{slug}/', () => {
    it('requires authentication', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/pages/docs/' })).statusCode).toBe(401);
      expect((await put(null, 'docs', {})).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/organisation-contacts/' })).statusCode).toBe(401);
    });

    it("answers the seeded guide once per region of the caller's organisations", async () => {
      const res = await getAs(t, physician, '/api/pages/docs/');
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.canManage).toBe(false);
      // HVC is in Europe and BHI in North America.
      expect(page.sections.map((s: { region: string }) => s.region)).toEqual(['Europe', 'North America']);
      expect(page.sections[0].body).toContain('## 2. Prepare the CT images');
      const single = (await getAs(t, other, '/api/pages/docs/')).json();
      expect(single.sections.map((s: { region: string }) => s.region)).toEqual(['Europe']);
    });

    it("answers 404 for a page with no section in the caller's regions, and for an unknown slug", async () => {
      expect(
        (await put(superuser, 'na-only', { regionId: regionId('North America'), title: 'NA', body: 'x' })).statusCode,
      ).toBe(200);
      expect((await getAs(t, physician, '/api/pages/na-only/')).statusCode).toBe(200);
      const hidden = await getAs(t, other, '/api/pages/na-only/');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('not_found');
      expect((await getAs(t, physician, '/api/pages/nothing-here/')).statusCode).toBe(404);
    });

    it('answers every region to a manager with scope=all, and 403 to others', async () => {
      const all = await getAs(t, superuser, '/api/pages/docs/?scope=all');
      expect(all.statusCode).toBe(200);
      expect(all.json().canManage).toBe(true);
      expect(all.json().sections).toHaveLength(5);
      const refused = await getAs(t, physician, '/api/pages/docs/?scope=all');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('permission_denied');
    });

    it('answers 400 with field messages for a malformed slug or scope', async () => {
      const slug = await getAs(t, physician, '/api/pages/Not_A_Slug/');
      expect(slug.statusCode).toBe(400);
      expect(slug.json()).toEqual({ slug: ['Enter a valid slug: lower-case letters, digits and hyphens.'] });
      const scope = await getAs(t, physician, '/api/pages/docs/?scope=everything');
      expect(scope.statusCode).toBe(400);
      expect(scope.json()).toEqual({ scope: ['Must be mine or all.'] });
    });
  });

  describe('PUT pages/{slug}/', () => {
    it("replaces a region's section and keeps the others", async () => {
      const body = '# Hello\n\n<script>window.pwned = 1</script>';
      const res = await put(superuser, 'docs', { regionId: regionId('North America'), title: 'US guide', body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ region: 'North America', title: 'US guide', body });
      const page = (await getAs(t, physician, '/api/pages/docs/')).json();
      expect(page.sections[1]).toMatchObject({ title: 'US guide', body });
      expect(page.sections[0].body).toContain('CardioMap user guide');
      const audits = await t.database.query<{ target: string }>(
        `SELECT target_id AS target FROM audit_events WHERE action = 'page.save'`,
      );
      expect(audits.map((a) => a.target)).toContain(res.json().id);
    });

    it('keeps an edited section when the seed runs again at the next start', async () => {
      await seedPages(t.database.db);
      const page = (await getAs(t, physician, '/api/pages/docs/')).json();
      expect(page.sections[1].title).toBe('US guide');
    });

    it('refuses users who may not manage pages (403) and leaves the page unchanged', async () => {
      const res = await put(physician, 'docs', { regionId: regionId('Europe'), title: 'Mine', body: 'Mine' });
      expect(res.statusCode).toBe(403);
      const page = (await getAs(t, other, '/api/pages/docs/')).json();
      expect(page.sections[0].title).not.toBe('Mine');
    });

    it('answers 400 with field messages and writes nothing', async () => {
      const blank = await put(superuser, 'docs', { regionId: regionId('Europe'), title: '  ', body: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        title: ['This field may not be blank.'],
        body: ['This field may not be blank.'],
      });
      const huge = await put(superuser, 'docs', {
        regionId: regionId('Europe'),
        title: 'x',
        body: 'x'.repeat(100_001),
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual({ body: ['Ensure this field has no more than 100000 characters.'] });
      const region = await put(superuser, 'docs', {
        regionId: '00000000-0000-4000-8000-000000000000',
        title: 'x',
        body: 'x',
      });
      expect(region.statusCode).toBe(400);
      expect(region.json()).toEqual({ regionId: ['Unknown region.'] });
      const malformed = await put(superuser, 'docs', { regionId: 'nope', title: 'x', body: 'x' });
      expect(malformed.json()).toEqual({ regionId: ['Must be a valid UUID.'] });
      const page = (await getAs(t, other, '/api/pages/docs/')).json();
      expect(page.sections[0].title).toBe('CardioMap user guide');
    });
  });

  describe('DELETE pages/{slug}/sections/{regionId}/', () => {
    const remove = (access: string | null, slug: string, region: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/pages/${slug}/sections/${region}/`,
        headers: access ? bearer(access) : {},
      });
    const audited = async (action: string) =>
      (
        await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events WHERE action = $1', [action])
      )[0]?.n;

    it('requires authentication', async () => {
      expect((await remove(null, 'docs', regionId('Europe'))).statusCode).toBe(401);
    });

    it('refuses users who may not manage pages (403) and keeps the section', async () => {
      const res = await remove(physician, 'docs', regionId('Europe'));
      expect(res.statusCode).toBe(403);
      expect((await getAs(t, other, '/api/pages/docs/')).json().sections).toHaveLength(1);
    });

    it('answers 400 with field messages for a malformed region or slug', async () => {
      const region = await remove(superuser, 'docs', 'nope');
      expect(region.statusCode).toBe(400);
      expect(region.json()).toEqual({ regionId: ['Must be a valid UUID.'] });
      const slug = await remove(superuser, 'Bad_Slug', regionId('Europe'));
      expect(slug.statusCode).toBe(400);
      expect(slug.json()).toHaveProperty('slug');
    });

    it('adds a section for a region without one, then removes it; the region then sees none (404)', async () => {
      expect((await getAs(t, other, '/api/pages/eu-notes/')).statusCode).toBe(404);
      const added = await put(superuser, 'eu-notes', { regionId: regionId('Europe'), title: 'EU', body: 'Notes' });
      expect(added.statusCode).toBe(200);
      expect((await getAs(t, other, '/api/pages/eu-notes/')).json().sections).toHaveLength(1);
      const before = await audited('page.delete');
      const res = await remove(superuser, 'eu-notes', regionId('Europe'));
      expect(res.statusCode).toBe(204);
      expect(await audited('page.delete')).toBe((before ?? 0) + 1);
      expect((await getAs(t, other, '/api/pages/eu-notes/')).statusCode).toBe(404);
      expect((await getAs(t, superuser, '/api/pages/eu-notes/?scope=all')).json().sections).toEqual([]);
    });

    it("keeps the page's other regions when one section goes", async () => {
      await put(superuser, 'two-regions', { regionId: regionId('Europe'), title: 'EU', body: 'EU body' });
      await put(superuser, 'two-regions', { regionId: regionId('North America'), title: 'NA', body: 'NA body' });
      expect((await remove(superuser, 'two-regions', regionId('North America'))).statusCode).toBe(204);
      const page = (await getAs(t, physician, '/api/pages/two-regions/')).json();
      expect(page.sections.map((s: { region: string }) => s.region)).toEqual(['Europe']);
    });

    it('answers 404 for a region the page has no section for', async () => {
      const res = await remove(superuser, 'eu-notes', regionId('Europe'));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    });
  });

  describe('GET organisation-contacts/', () => {
    it("answers the contact members of the caller's organisations only", async () => {
      const res = await getAs(t, other, '/api/organisation-contacts/');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toHaveLength(1);
      expect(body[0].organisationName).toBe('Northern Cardiology London');
      const emails = body[0].contacts.map((c: { email: string }) => c.email);
      expect(emails).toContain('other-physician@cardiomap.test');
      expect(emails).not.toContain('physician@cardiomap.test');
      const both = (await getAs(t, physician, '/api/organisation-contacts/')).json();
      expect(both.map((o: { organisationName: string }) => o.organisationName)).toEqual([
        'Boston Heart Institute',
        'Heart Valve Centre Rotterdam',
      ]);
    });
  });
});
