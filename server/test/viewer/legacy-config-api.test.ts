import { LEGACY_CONFIG_MAX_BYTES } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase, shareWith } from '../cases/case-fixtures.ts';
import { bearer } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertStudyWithVolume } from '../imaging/api/imaging-fixtures.ts';
import { tokensFor } from './viewer-fixtures.ts';

/** A multipart body as a browser's FormData sends it. */
async function form(fields: Record<string, string | { name: string; type: string; content: string }>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value.content], { type: value.type }), value.name);
  }
  const request = new Request('http://form.test/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

const config = (caseIdentifier: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    scenes: [],
    visualisations: [],
    options: {},
    comments: [],
    warnings: [],
    metadata: { caseIdentifier },
    ...extra,
  });

/** Spec §7 PATCH studies/{id}/legacy-config/ (form data configFile, caseIdentifier). */
describe('PATCH studies/{id}/legacy-config/', () => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let studyId: string;
  let caseIdentifier: string;
  const url = () => `/api/studies/${studyId}/legacy-config/`;
  const send = async (who: string | null, fields: Parameters<typeof form>[0], id = studyId) => {
    const body = await form(fields);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/studies/${id}/legacy-config/`,
      headers: { ...(who ? bearer(tokens[who] ?? '') : {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const file = (content: string, name = 'config.json', type = 'application/json') => ({ name, type, content });

  beforeAll(async () => {
    t = await createTestApp();
    tokens = await tokensFor(t, ['physician', 'other-physician', 'lakeside-physician', 'case-analyst', 'rnd-engineer']);
    const c = await insertCase(t, { status: 2 });
    caseIdentifier = c.caseIdentifier;
    ({ studyId } = await insertStudyWithVolume(t, c.id));
    await shareWith(t, c.id, 'lakeside-physician@cardiomap.test');
  }, 180_000);
  afterAll(async () => t.close());

  it('answers 401 to an anonymous caller, before reading the form', async () => {
    const res = await send(null, { configFile: file(config(caseIdentifier)), caseIdentifier });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 to another organisation and for a study that does not exist', async () => {
    const fields = { configFile: file(config(caseIdentifier)), caseIdentifier };
    expect((await send('other-physician', fields)).statusCode).toBe(404);
    expect((await send('case-analyst', fields, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 403 to clinicians, to a colleague it is shared with, and to staff who may not process the case', async () => {
    const fields = { configFile: file(config(caseIdentifier)), caseIdentifier };
    const physician = await send('physician', fields);
    expect(physician.statusCode).toBe(403);
    expect(physician.json()).toMatchObject({ code: 'permission_denied' });
    expect((await send('lakeside-physician', fields)).statusCode).toBe(403);
    // Research cases only: this one is not.
    const rnd = await send('rnd-engineer', fields);
    expect(rnd.statusCode).toBe(403);
    expect(rnd.json().detail).toBe('You do not have permission to store legacy simulation results.');
  });

  it('answers 400 with field messages for a missing, oversized, non-JSON or foreign file and a wrong case', async () => {
    expect((await send('case-analyst', { caseIdentifier })).json()).toEqual({ configFile: ['This field is required'] });
    expect((await send('case-analyst', { configFile: file(config(caseIdentifier)) })).json()).toEqual({
      caseIdentifier: ['This field is required'],
    });
    expect((await send('case-analyst', { configFile: 'not a file', caseIdentifier })).json()).toEqual({
      configFile: ['Send the configuration as a file.'],
    });
    const big = config(caseIdentifier, { padding: 'x'.repeat(LEGACY_CONFIG_MAX_BYTES) });
    expect((await send('case-analyst', { configFile: file(big), caseIdentifier })).json()).toEqual({
      configFile: ['The configuration file may be at most 1 MB.'],
    });
    expect((await send('case-analyst', { configFile: file('', 'config.json'), caseIdentifier })).json()).toEqual({
      configFile: ['The configuration file is empty.'],
    });
    expect(
      (await send('case-analyst', { configFile: file('a,b', 'config.csv', 'text/csv'), caseIdentifier })).json(),
    ).toEqual({ configFile: ['The configuration file must be a JSON file (.json).'] });
    expect((await send('case-analyst', { configFile: file('{"scenes": ['), caseIdentifier })).json()).toEqual({
      configFile: ['The configuration file must be a JSON file (.json).'],
    });
    expect((await send('case-analyst', { configFile: file('[1, 2]'), caseIdentifier })).json()).toEqual({
      configFile: [
        'The configuration file must hold one JSON object (a viewer config with scenes and visualisations).',
      ],
    });
    expect(
      (
        await send('case-analyst', { configFile: file(config(caseIdentifier)), caseIdentifier: 'HVC-TAVI-OTHER' })
      ).json(),
    ).toEqual({ caseIdentifier: ['This is not the identifier of the case of this study.'] });
    expect((await send('case-analyst', { configFile: file(config('HVC-TAVI-OTHER')), caseIdentifier })).json()).toEqual(
      { configFile: ['The configuration file names another case: HVC-TAVI-OTHER.'] },
    );
    const [{ count } = { count: -1 }] = await t.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM study_resources WHERE study_id = $1 AND type = 0`,
      [studyId],
    );
    expect(count).toBe(0);
  });

  it('refuses a form on a JSON route (415) and an unreadable form (400)', async () => {
    const body = await form({ visualisationIds: 'x' });
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/studies/${studyId}/`,
      headers: { ...bearer(tokens['case-analyst'] ?? ''), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(other.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'PATCH',
      url: url(),
      headers: { ...bearer(tokens['case-analyst'] ?? ''), 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'not a form',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ nonFieldErrors: ['The form data could not be read.'] });
  });

  it('stores the config as the study’s one legacy config, replacing an earlier one, and audits it', async () => {
    const first = await send('case-analyst', { configFile: file(config(caseIdentifier)), caseIdentifier });
    expect(first.statusCode).toBe(200);
    const firstId = first.json().legacyConfigId as string;
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.json().resourceIds).toContain(firstId);
    // A file naming no case is taken: the form's identifier was checked against the study.
    const second = await send('case-analyst', {
      configFile: file(JSON.stringify({ scenes: [], visualisations: [] }), 'results.json', ''),
      caseIdentifier: ` ${caseIdentifier} `,
    });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().legacyConfigId as string;
    expect(secondId).not.toBe(firstId);
    expect(second.json().resourceIds).not.toContain(firstId);
    const resource = await t.app.inject({
      method: 'GET',
      url: `/api/study-resources/${secondId}/`,
      headers: bearer(tokens['case-analyst'] ?? ''),
    });
    expect(resource.json()).toMatchObject({ type: 0, filename: 'results.json', size: 33 });
    const events = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE action = 'study.legacy-config' AND details->>'studyId' = $1`,
      [studyId],
    );
    expect(events).toHaveLength(2);
    // The physician of the case reads the study and sees it there.
    const study = await t.app.inject({
      method: 'GET',
      url: `/api/studies/${studyId}/`,
      headers: bearer(tokens.physician ?? ''),
    });
    expect(study.json().legacyConfigId).toBe(secondId);
  });

  it('answers 409 once the case is finished', async () => {
    const done = await insertCase(t, { status: 3, orders: [{ service: 2, status: 2 }] });
    const { studyId: doneStudy } = await insertStudyWithVolume(t, done.id);
    const res = await send(
      'case-analyst',
      { configFile: file(config(done.caseIdentifier)), caseIdentifier: done.caseIdentifier },
      doneStudy,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Legacy results can only be stored while the case is not finished.',
      code: 'case_finished',
    });
  });
});
