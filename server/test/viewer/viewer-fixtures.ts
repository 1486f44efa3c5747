import { bearer, signIn } from '../helpers/auth.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Demo users by role: each test names who acts, the tokens come from the real sign-in. */
export async function tokensFor(t: TestApp, emails: string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const who of emails) tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
  return tokens;
}

/** Requests as a demo user (or anonymously with null). */
export function requester(t: TestApp, tokens: Record<string, string>) {
  return (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(tokens[who] ?? '') : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** An analysis of a study, written straight into the database as an analyst's work leaves it. */
export async function insertAnalysis(
  t: TestApp,
  studyId: string,
  options: { orderId?: string; results?: unknown[] } = {},
): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO analyses (study_id, type, name, order_id, results) VALUES ($1, 1, 'Anatomical', $2, $3::jsonb)
     RETURNING id`,
    [studyId, options.orderId ?? null, JSON.stringify(options.results ?? [])],
  );
  return row?.id ?? '';
}

/** A scene-object resource (a mesh) of an analysis, with its bytes stored when `uploaded`. */
export async function insertMesh(t: TestApp, analysisId: string, uploaded = true): Promise<string> {
  const key = `analyses/${analysisId}/mesh-${Math.random().toString(36).slice(2)}.stl`;
  if (uploaded) await t.app.storage.write(key, Buffer.from('solid mesh\nendsolid mesh\n'), 'model/stl');
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO analysis_resources (analysis_id, type, name, filename, mime_type, storage_key, size, upload_successful)
     VALUES ($1, 1, 'Aorta', 'aorta.stl', 'model/stl', $2, 24, $3) RETURNING id`,
    [analysisId, key, uploaded],
  );
  return row?.id ?? '';
}

/** A visualisation 'Root' of the analysis drawing the mesh as 'Aorta': what an analyst's result looks like. */
export async function insertRootScene(
  t: TestApp,
  ids: { studyId: string; analysisId: string; meshId: string },
  color = '#ffaa00',
): Promise<string> {
  const [v] = await t.database.query<{ id: string }>(
    `INSERT INTO visualisations (study_id, analysis_id, name) VALUES ($1, $2, 'Root') RETURNING id`,
    [ids.studyId, ids.analysisId],
  );
  await t.database.query(
    `INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color)
     VALUES ($1, $2, $3, 'Aorta', $4)`,
    [v?.id, ids.studyId, ids.meshId, color],
  );
  return v?.id as string;
}
