import { OrderStatus } from '@cardiomap/contract';
import { FINISHED_STATUSES } from '@cardiomap/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type CaseScope, visibleCases } from '../../access/case-access.ts';
import { pageOfRows, type Query } from '../../db/query.ts';

type Window = { limit: number; offset: number };

/**
 * Which cases' rows a list may show: the case list's tenancy rule (organisations, all, shared), and an
 * undelivered case (no delivered order, not finished) only to those who may view undelivered analyses.
 */
export interface Scope extends CaseScope {
  seesUndelivered: boolean;
  /** Case.accessDenied in set form (access/results-access.ts): a denied case's scene is left out. */
  resultsReadable: SQL;
}
const inScope = (scope: Scope) =>
  sql`${visibleCases(scope)} AND ${scope.resultsReadable}
      AND (${scope.seesUndelivered} OR c.status = ANY(${sql.param(FINISHED_STATUSES)}::smallint[])
           OR EXISTS (SELECT 1 FROM orders od WHERE od.case_id = c.id AND od.status = ${OrderStatus.DELIVERED}))`;

export interface ConfigRow {
  id: string;
  studyId: string;
  caseId: string;
  options: Record<string, unknown>;
  comments: { author: string; text: string; date: string }[];
  visualisationIds: string[];
}

const CONFIG_SELECT = sql`
  SELECT g.id, g.study_id AS "studyId", s.case_id AS "caseId", g.options, g.comments,
         COALESCE((SELECT json_agg(v.id ORDER BY v."order", v.date_created, v.id)
                     FROM visualisations v WHERE v.study_id = g.study_id), '[]'::json) AS "visualisationIds"
    FROM viewer_configs g JOIN studies s ON s.id = g.study_id JOIN cases c ON c.id = s.case_id`;

export async function findConfig(query: Query, id: string): Promise<ConfigRow | undefined> {
  const [row] = await query<ConfigRow>(sql`${CONFIG_SELECT} WHERE g.id = ${id}`);
  return row;
}

export async function findConfigOfStudy(query: Query, studyId: string): Promise<ConfigRow | undefined> {
  const [row] = await query<ConfigRow>(sql`${CONFIG_SELECT} WHERE g.study_id = ${studyId}`);
  return row;
}

export async function listConfigs(query: Query, scope: Scope, studyId: string | null, window: Window) {
  const where = sql`WHERE ${inScope(scope)} AND (${studyId}::uuid IS NULL OR g.study_id = ${studyId})`;
  return pageOfRows<ConfigRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM viewer_configs g JOIN studies s ON s.id = g.study_id
                JOIN cases c ON c.id = s.case_id ${where}`,
      rows: sql`${CONFIG_SELECT} ${where} ORDER BY g.date_created DESC, g.id`,
    },
    window,
  );
}

/** Answers null when the study has a config already (one per study). */
export async function insertConfig(query: Query, studyId: string, options: Record<string, unknown>) {
  const [row] = await query<{ id: string }>(
    sql`INSERT INTO viewer_configs (study_id, options) VALUES (${studyId}, ${JSON.stringify(options)}::jsonb)
     ON CONFLICT (study_id) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

/** Options merge into the stored ones; a comment is appended (never rewritten) in the same statement. */
export async function updateConfig(
  query: Query,
  id: string,
  change: { options?: Record<string, unknown>; comment?: { author: string; text: string; date: string } },
) {
  const comment = change.comment ? JSON.stringify(change.comment) : null;
  await query(
    sql`UPDATE viewer_configs SET options = options || ${JSON.stringify(change.options ?? {})}::jsonb,
            comments = CASE WHEN ${comment}::jsonb IS NULL THEN comments
                            ELSE comments || jsonb_build_array(${comment}::jsonb) END
      WHERE id = ${id}`,
  );
}

export async function deleteConfig(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM viewer_configs WHERE id = ${id}`);
}

export interface VisualisationRow {
  id: string;
  studyId: string;
  caseId: string;
  analysisId: string | null;
  analysisType: number | null;
  /** The preliminary model's visualisation: staff-only in the viewer load. */
  isPreliminary: boolean;
  name: string;
  opacity: number;
  order: number;
  visualisationObjectIds: string[];
}

const VISUALISATION_SELECT = sql`
  SELECT v.id, v.study_id AS "studyId", s.case_id AS "caseId", v.analysis_id AS "analysisId",
         a.type AS "analysisType",
         COALESCE(a.is_preliminary, false) AS "isPreliminary", v.name, v.opacity, v."order",
         COALESCE((SELECT json_agg(o.id ORDER BY o.object_order, o.date_created, o.id)
                     FROM visualisation_objects o WHERE o.visualisation_id = v.id), '[]'::json)
           AS "visualisationObjectIds"
    FROM visualisations v JOIN studies s ON s.id = v.study_id LEFT JOIN analyses a ON a.id = v.analysis_id`;
const VISUALISATION_ORDER = sql`ORDER BY v."order", v.date_created, v.id`;

export async function findVisualisation(query: Query, id: string): Promise<VisualisationRow | undefined> {
  const [row] = await query<VisualisationRow>(sql`${VISUALISATION_SELECT} WHERE v.id = ${id}`);
  return row;
}

export async function visualisationsOfStudy(query: Query, studyId: string): Promise<VisualisationRow[]> {
  return query<VisualisationRow>(sql`${VISUALISATION_SELECT} WHERE v.study_id = ${studyId} ${VISUALISATION_ORDER}`);
}

/** A study's visualisations; the preliminary model's only for staff (issue 30 §3). */
export async function listVisualisations(
  query: Query,
  filter: { studyId: string; withPreliminary: boolean },
  window: Window,
) {
  const where = sql`WHERE v.study_id = ${filter.studyId}
    AND (${filter.withPreliminary}::boolean OR NOT COALESCE(a.is_preliminary, false))`;
  return pageOfRows<VisualisationRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM visualisations v LEFT JOIN analyses a ON a.id = v.analysis_id
        ${where}`,
      rows: sql`${VISUALISATION_SELECT} ${where} ${VISUALISATION_ORDER}`,
    },
    window,
  );
}

export async function insertVisualisation(
  query: Query,
  row: { studyId: string; analysisId: string | null; name: string; opacity: number; order: number },
): Promise<string> {
  const [inserted] = await query<{ id: string }>(
    sql`INSERT INTO visualisations (study_id, analysis_id, name, opacity, "order") VALUES (${row.studyId},
      ${row.analysisId}, ${row.name}, ${row.opacity}, ${row.order})
     RETURNING id`,
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
    sql`UPDATE visualisations SET name = COALESCE(${change.name ?? null}, name),
      opacity = COALESCE(${change.opacity ?? null}, opacity),
            "order" = COALESCE(${change.order ?? null}, "order") WHERE id = ${id}`,
  );
}

export async function deleteVisualisation(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM visualisations WHERE id = ${id}`);
}

/** The study an analysis or an analysis resource belongs to: links never cross studies. */
export async function studyOfAnalysis(query: Query, analysisId: string): Promise<string | undefined> {
  const [row] = await query<{ studyId: string }>(
    sql`SELECT study_id AS "studyId" FROM analyses WHERE id = ${analysisId}`,
  );
  return row?.studyId;
}

export async function studyOfAnalysisResource(query: Query, resourceId: string): Promise<string | undefined> {
  const [row] = await query<{ studyId: string }>(
    sql`SELECT a.study_id AS "studyId" FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
      WHERE r.id = ${resourceId}`,
  );
  return row?.studyId;
}

/** The study of a scene: its case, for the access check (undefined: no such study). */
export async function caseIdOfStudy(query: Query, studyId: string): Promise<string | undefined> {
  const [row] = await query<{ caseId: string }>(sql`SELECT case_id AS "caseId" FROM studies WHERE id = ${studyId}`);
  return row?.caseId;
}

/** Stores the display order of the study's visualisations as given (position = order). */
export async function orderVisualisations(query: Query, studyId: string, ids: readonly string[]): Promise<void> {
  await query(
    sql`UPDATE visualisations v SET "order" = o.position - 1
       FROM unnest(${sql.param(ids)}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE v.id = o.id AND v.study_id = ${studyId}`,
  );
}

/** The study's viewer config, made on first use. */
export async function ensureViewerConfig(query: Query, studyId: string): Promise<void> {
  await query(sql`INSERT INTO viewer_configs (study_id) VALUES (${studyId}) ON CONFLICT (study_id) DO NOTHING`);
}

/** The analysis's visualisation: its first, else a new one under the given name. */
export async function visualisationOfAnalysis(
  query: Query,
  row: { studyId: string; analysisId: string; name: string },
): Promise<string> {
  const [existing] = await query<{ id: string }>(
    sql`SELECT id FROM visualisations WHERE analysis_id = ${row.analysisId} ORDER BY date_created, id LIMIT 1`,
  );
  if (existing) return existing.id;
  const [created] = await query<{ id: string }>(
    sql`INSERT INTO visualisations (study_id, analysis_id, name) VALUES (${row.studyId}, ${row.analysisId},
      ${row.name}) RETURNING id`,
  );
  if (!created) throw new Error('Visualisation insert returned nothing');
  return created.id;
}
