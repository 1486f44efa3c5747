import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { ACCESS_DENIED_MESSAGE } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { insertCase } from './case-fixtures.ts';

/**
 * Case.accessDenied (spec §3, §4; architecture.md §13): listed, but images and results refused, for
 * company roles that reach another organisation's case through accounts.all_organisations and do not
 * work on it. The viewer load and the report answer 403 `access_denied` to the same people.
 */
describe('Case.accessDenied', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let own: { id: string; studyId: string };
  let other: { id: string; studyId: string };

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'customer-support', 'case-analyst', 'venus-support']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
    const delivered = {
      status: CaseStatus.COMPLETED,
      orders: [{ service: 0 as const, status: OrderStatus.DELIVERED }],
    };
    const ownCase = await insertCase(t, delivered);
    const otherCase = await insertCase(t, {
      ...delivered,
      organisationCode: 'BHI',
      createdBy: 'physician@cardiomap.test',
    });
    own = { id: ownCase.id, studyId: (await insertStudyWithVolume(t, ownCase.id)).studyId };
    other = { id: otherCase.id, studyId: (await insertStudyWithVolume(t, otherCase.id)).studyId };
  }, 180_000);
  afterAll(async () => t.close());

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

  it('is true only where the case reached the user through all organisations and their role does not work on it', async () => {
    expect((await get('customer-support', `/api/cases/${other.id}/`)).json().accessDenied).toBe(true);
    // Their own organisation's case: support may look, as any member.
    expect((await get('customer-support', `/api/cases/${own.id}/`)).json().accessDenied).toBe(false);
    expect((await get('case-analyst', `/api/cases/${other.id}/`)).json().accessDenied).toBe(false);
    expect((await get('venus-support', `/api/cases/${other.id}/`)).json().accessDenied).toBe(false);
    expect((await get('physician', `/api/cases/${other.id}/`)).json().accessDenied).toBe(false);
    const list = await get('customer-support', `/api/cases/?page_size=100`);
    const listed = (list.json().results as { id: string; accessDenied: boolean }[]).find((c) => c.id === other.id);
    expect(listed?.accessDenied).toBe(true);
  });

  it('refuses the viewer load and the report to them, and to no one else', async () => {
    const viewer = await get('customer-support', `/api/study-viewer/${other.studyId}/`);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ detail: ACCESS_DENIED_MESSAGE, code: 'access_denied' });
    const report = await get('customer-support', `/api/study-report/${other.studyId}/`);
    expect(report.statusCode).toBe(403);
    expect(report.json().code).toBe('access_denied');
    expect((await get('customer-support', `/api/study-viewer/${own.studyId}/`)).statusCode).toBe(200);
    expect((await get('case-analyst', `/api/study-viewer/${other.studyId}/`)).statusCode).toBe(200);
    expect((await get('physician', `/api/study-viewer/${other.studyId}/`)).statusCode).toBe(200);
  });
});
