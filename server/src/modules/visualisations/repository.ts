import { OrderStatus } from '@cardiomap/contract';
import { FINISHED_STATUSES } from '@cardiomap/domain';
import { pageOfRows, type Query } from '../../db/query.ts';

type Window = { limit: number; offset: number };

/**
 * Which cases' rows a list may show: the case list's tenancy rule (organisations, all, shared), and an
 * undelivered case (no delivered order, not finished) only to those who may view undelivered analyses.
 */
export interface Scope {
  allOrganisations: boolean;
  organisationIds: string[];
  userId: string;
  seesUndelivered: boolean;
}
const scopeParams = (scope: Scope) => [
  scope.allOrganisations,
  scope.organisationIds,
  scope.userId,
  scope.seesUndelivered,
  FINISHED_STATUSES,
  OrderStatus.DELIVERED,
];
const IN_SCOPE = `($1 OR c.organisation_id = ANY($2::uuid[])
                  OR EXISTS (SELECT 1 FROM shared_cases sc WHERE sc.case_id = c.id AND sc.user_id = $3))
              AND ($4 OR c.status = ANY($5::smallint[])
                   OR EXISTS (SELECT 1 FROM orders od WHERE od.case_id = c.id AND od.status = $6))`;

export interface ConfigRow {
  id: string;
  studyId: string;
  caseId: string;
  options: Record<string, unknown>;
  comments: { author: string; text: string; date: string }[];
  visualisationIds: string[];
}

const CONFIG_SELECT = `
  SELECT g.id, g.study_id AS "studyId", s.case_id AS "caseId", g.options, g.comments,
         COALESCE((SELECT json_agg(v.id ORDER BY v."order", v.date_created, v.id)
                     FROM visualisations v WHERE v.study_id = g.study_id), '[]'::json) AS "visualisationIds"
    FROM viewer_configs g JOIN studies s ON s.id = g.study_id JOIN cases c ON c.id = s.case_id`;

export async function findConfig(query: Query, id: string): Promise<ConfigRow | undefined> {
  const [row] = await query<ConfigRow>(`${CONFIG_SELECT} WHERE g.id = $1`, [id]);
  return row;
}

export async function findConfigOfStudy(query: Query, studyId: string): Promise<ConfigRow | undefined> {
  const [row] = await query<ConfigRow>(`${CONFIG_SELECT} WHERE g.study_id = $1`, [studyId]);
  return row;
}

export async function listConfigs(query: Query, scope: Scope, studyId: string | null, window: Window) {
  const where = `WHERE ${IN_SCOPE} AND ($7::uuid IS NULL OR g.study_id = $7)`;
  return pageOfRows<ConfigRow>(
    query,
    {
      count: `SELECT count(*)::int AS count FROM viewer_configs g JOIN studies s ON s.id = g.study_id
                JOIN cases c ON c.id = s.case_id ${where}`,
      rows: `${CONFIG_SELECT} ${where} ORDER BY g.date_created DESC, g.id LIMIT $8 OFFSET $9`,
    },
    [...scopeParams(scope), studyId],
    window,
  );
}

/** Answers null when the study has a config already (one per study). */
export async function insertConfig(query: Query, studyId: string, options: Record<string, unknown>) {
  const [row] = await query<{ id: string }>(
    `INSERT INTO viewer_configs (study_id, options) VALUES ($1, $2::jsonb)
     ON CONFLICT (study_id) DO NOTHING RETURNING id`,
    [studyId, JSON.stringify(options)],
  );
  return row?.id ?? null;
}

/** Options merge into the stored ones; a comment is appended (never rewritten) in the same statement. */
export async function updateConfig(
  query: Query,
  id: string,
  change: { options?: Record<string, unknown>; comment?: { author: string; text: string; date: string } },
) {
  await query(
    `UPDATE viewer_configs SET options = options || $2::jsonb,
            comments = CASE WHEN $3::jsonb IS NULL THEN comments ELSE comments || jsonb_build_array($3::jsonb) END
      WHERE id = $1`,
    [id, JSON.stringify(change.options ?? {}), change.comment ? JSON.stringify(change.comment) : null],
  );
}

export async function deleteConfig(query: Query, id: string): Promise<void> {
  await query('DELETE FROM viewer_configs WHERE id = $1', [id]);
}

export interface VisualisationRow {
  id: string;
  studyId: string;
  caseId: string;
  analysisId: string | null;
  analysisType: number | null;
  name: string;
  opacity: number;
  order: number;
  visualisationObjectIds: string[];
}

const VISUALISATION_SELECT = `
  SELECT v.id, v.study_id AS "studyId", s.case_id AS "caseId", v.analysis_id AS "analysisId",
         a.type AS "analysisType", v.name, v.opacity, v."order",
         COALESCE((SELECT json_agg(o.id ORDER BY o.object_order, o.date_created, o.id)
                     FROM visualisation_objects o WHERE o.visualisation_id = v.id), '[]'::json)
           AS "visualisationObjectIds"
    FROM visualisations v JOIN studies s ON s.id = v.study_id LEFT JOIN analyses a ON a.id = v.analysis_id`;
const VISUALISATION_ORDER = 'ORDER BY v."order", v.date_created, v.id';

export async function findVisualisation(query: Query, id: string): Promise<VisualisationRow | undefined> {
  const [row] = await query<VisualisationRow>(`${VISUALISATION_SELECT} WHERE v.id = $1`, [id]);
  return row;
}

export async function visualisationsOfStudy(query: Query, studyId: string): Promise<VisualisationRow[]> {
  return query<VisualisationRow>(`${VISUALISATION_SELECT} WHERE v.study_id = $1 ${VISUALISATION_ORDER}`, [studyId]);
}

export async function listVisualisations(query: Query, studyId: string, window: Window) {
  return pageOfRows<VisualisationRow>(
    query,
    {
      count: 'SELECT count(*)::int AS count FROM visualisations WHERE study_id = $1',
      rows: `${VISUALISATION_SELECT} WHERE v.study_id = $1 ${VISUALISATION_ORDER} LIMIT $2 OFFSET $3`,
    },
    [studyId],
    window,
  );
}

export async function insertVisualisation(
  query: Query,
  row: { studyId: string; analysisId: string | null; name: string; opacity: number; order: number },
): Promise<string> {
  const [inserted] = await query<{ id: string }>(
    `INSERT INTO visualisations (study_id, analysis_id, name, opacity, "order") VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [row.studyId, row.analysisId, row.name, row.opacity, row.order],
  );
  if (!inserted) throw new Error('Visualisation insert returned nothing');
  return inserted.id;
}

export async function updateVisualisation(
  query: Query,
  id: string,
  change: { name?: string; opacity?: number; order?: number },
): Promise<void> {
  await query(
    `UPDATE visualisations SET name = COALESCE($2, name), opacity = COALESCE($3, opacity),
            "order" = COALESCE($4, "order") WHERE id = $1`,
    [id, change.name ?? null, change.opacity ?? null, change.order ?? null],
  );
}

export async function deleteVisualisation(query: Query, id: string): Promise<void> {
  await query('DELETE FROM visualisations WHERE id = $1', [id]);
}

/** The study an analysis or an analysis resource belongs to: links never cross studies. */
export async function studyOfAnalysis(query: Query, analysisId: string): Promise<string | undefined> {
  const [row] = await query<{ studyId: string }>('SELECT study_id AS "studyId" FROM analyses WHERE id = $1', [
    analysisId,
  ]);
  return row?.studyId;
}

export async function studyOfAnalysisResource(query: Query, resourceId: string): Promise<string | undefined> {
  const [row] = await query<{ studyId: string }>(
    `SELECT a.study_id AS "studyId" FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
      WHERE r.id = $1`,
    [resourceId],
  );
  return row?.studyId;
}
