import { bearer } from '../helpers/auth.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** A study of the case, as ingest makes it. */
export async function insertStudy(t: TestApp, caseId: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
    caseId,
  ]);
  return row?.id ?? '';
}

/** An anatomical analysis of the study, written straight into the database. */
export async function insertAnalysis(t: TestApp, studyId: string, name = 'Anatomical analysis'): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    'INSERT INTO analyses (study_id, type, name) VALUES ($1, 1, $2) RETURNING id',
    [studyId, name],
  );
  return row?.id ?? '';
}

export async function landmarkTypeId(t: TestApp, name: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('SELECT id FROM landmark_types WHERE name = $1', [name]);
  return row?.id ?? '';
}

/** Speaks as a signed-in demo user (tokens by name), or anonymously with null. */
export function caller(t: () => TestApp, tokens: Record<string, string>) {
  return (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: who ? bearer(tokens[who] ?? '') : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** A landmark written straight into the database, by a given user, to test the rules on it. */
export async function insertLandmark(
  t: TestApp,
  analysisId: string,
  options: { createdBy: string; typeId?: string | null; published?: boolean },
): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `INSERT INTO landmarks (analysis_id, landmark_type_id, name, geometry_type, view_type, points, measurements,
                            is_published, is_enabled, created_by_id)
     SELECT $1, $2, 'Seeded', 3, 5, '[[0,0,0],[0,0,10]]'::jsonb, '{"distance": 10}'::jsonb, $3, $3, u.id
       FROM users u WHERE u.email = $4
     RETURNING id`,
    [analysisId, options.typeId ?? null, options.published ?? false, options.createdBy],
  );
  return row?.id ?? '';
}

/**
 * Issue 28: the study's volumes, one per cardiac phase (in the order given), written as ingest leaves
 * them, with a small object stored for each. Answers their ids in the same order.
 */
export async function insertPhases(
  t: TestApp,
  studyId: string,
  phases: { label: string | null; percent?: number | null; isDefault?: boolean }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, phase] of phases.entries()) {
    const key = `studies/${studyId}/phase-${index}-${Math.random().toString(36).slice(2)}.cmvol`;
    await t.app.storage.write(key, Buffer.from(`volume of phase ${index}`), 'application/octet-stream');
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes,
                                    phase_index, phase_label, phase_percent, is_default_phase)
       VALUES ($1, 2, 'DICOM volume', 'v.cmvol', 'application/vnd.cardiomap.volume', $2, 16, $3::jsonb, $4, $5, $6, $7)
       RETURNING id`,
      [
        studyId,
        key,
        JSON.stringify({ dimensions: [8, 8, 20 + index], spacing: [1, 1, 1], sliceCount: 20 + index }),
        index,
        phase.label,
        phase.percent ?? null,
        phase.isDefault ?? false,
      ],
    );
    ids.push(row?.id ?? '');
  }
  return ids;
}
