import { sql } from 'drizzle-orm';
import { pageOfRows, type Query } from '../../db/query.ts';

type Timestamp = Date | string;

export interface AnalysisRow {
  id: string;
  studyId: string;
  caseId: string;
  type: number;
  name: string;
  orderId: string | null;
  isPreliminary: boolean;
  results: { name: string; value: string | number; unit?: string }[];
  dateCreated: Timestamp;
  analysisResourceIds: string[];
  landmarkIds: string[];
}

/** `publishedOnly`: whether only published landmarks count (spec §6: unpublished ones are hidden from most users). */
const analysisSelect = (publishedOnly: boolean) => sql`
  SELECT a.id, a.study_id AS "studyId", s.case_id AS "caseId", a.type, a.name, a.order_id AS "orderId",
         a.is_preliminary AS "isPreliminary", a.results, a.date_created AS "dateCreated",
         COALESCE((SELECT json_agg(r.id ORDER BY r.date_created, r.id)
                     FROM analysis_resources r WHERE r.analysis_id = a.id), '[]'::json) AS "analysisResourceIds",
         COALESCE((SELECT json_agg(l.id ORDER BY l.date_created, l.id)
                     FROM landmarks l WHERE l.analysis_id = a.id
                       AND (l.is_published OR NOT ${publishedOnly})), '[]'::json)
           AS "landmarkIds"
    FROM analyses a JOIN studies s ON s.id = a.study_id`;

export async function findAnalysis(
  query: Query,
  id: string,
  publishedLandmarksOnly: boolean,
): Promise<AnalysisRow | undefined> {
  const [row] = await query<AnalysisRow>(sql`${analysisSelect(publishedLandmarksOnly)} WHERE a.id = ${id}`);
  return row;
}

export async function listAnalysesOfStudy(
  query: Query,
  studyId: string,
  publishedLandmarksOnly: boolean,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: AnalysisRow[] }> {
  return pageOfRows<AnalysisRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM analyses WHERE study_id = ${studyId}`,
      rows: sql`${analysisSelect(publishedLandmarksOnly)} WHERE a.study_id = ${studyId} ORDER BY a.date_created, a.id`,
    },
    window,
  );
}

/** The case a study belongs to, to check the caller may see it. */
export async function findStudyCaseId(query: Query, studyId: string): Promise<string | undefined> {
  const [row] = await query<{ caseId: string }>(sql`SELECT case_id AS "caseId" FROM studies WHERE id = ${studyId}`);
  return row?.caseId;
}

export async function orderBelongsToCase(query: Query, orderId: string, caseId: string): Promise<boolean> {
  const rows = await query<{ id: string }>(sql`SELECT id FROM orders WHERE id = ${orderId} AND case_id = ${caseId}`);
  return rows.length > 0;
}

export async function insertAnalysis(
  query: Query,
  row: {
    studyId: string;
    type: number;
    name: string;
    orderId: string | null;
    results: AnalysisRow['results'];
    createdById: string;
  },
): Promise<string> {
  const [inserted] = await query<{ id: string }>(
    sql`INSERT INTO analyses (study_id, type, name, order_id, results, created_by_id)
     VALUES (${row.studyId}, ${row.type}, ${row.name}, ${row.orderId}, ${JSON.stringify(row.results)}::jsonb,
       ${row.createdById}) RETURNING id`,
  );
  if (!inserted) throw new Error('analyses insert returned nothing');
  return inserted.id;
}

/** Removes the analysis (its resources and landmarks go with it); answers the resources' storage keys. */
export async function setAnalysisResults(query: Query, id: string, results: AnalysisRow['results']): Promise<void> {
  await query(sql`UPDATE analyses SET results = ${JSON.stringify(results)}::jsonb WHERE id = ${id}`);
}

export async function deleteAnalysis(query: Query, id: string): Promise<string[]> {
  const keys = await query<{ storageKey: string }>(
    sql`SELECT storage_key AS "storageKey" FROM analysis_resources WHERE analysis_id = ${id}`,
  );
  await query(sql`DELETE FROM analyses WHERE id = ${id}`);
  return keys.map((k) => k.storageKey);
}

/** Every analysis of a study, oldest first (the viewer loads them all at once). */
export async function allAnalysesOfStudy(
  query: Query,
  studyId: string,
  publishedLandmarksOnly: boolean,
): Promise<AnalysisRow[]> {
  return query<AnalysisRow>(
    sql`${analysisSelect(publishedLandmarksOnly)} WHERE a.study_id = ${studyId} ORDER BY a.date_created, a.id`,
  );
}
