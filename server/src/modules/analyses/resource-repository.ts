import { pageOfRows, type Query } from '../../db/query.ts';

type Timestamp = Date | string;

export interface AnalysisResourceRow {
  id: string;
  analysisId: string;
  studyId: string;
  caseId: string;
  type: number;
  name: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  size: number | null;
  uploadSuccessful: boolean;
  attributes: Record<string, unknown>;
  sourceVersion: string;
  sourceClient: string;
  dateCreated: Timestamp;
}

const RESOURCE_SELECT = `
  SELECT r.id, r.analysis_id AS "analysisId", a.study_id AS "studyId", s.case_id AS "caseId", r.type, r.name,
         r.filename, r.mime_type AS "mimeType", r.storage_key AS "storageKey", r.size::float8 AS size,
         r.upload_successful AS "uploadSuccessful", r.attributes, r.source_version AS "sourceVersion",
         r.source_client AS "sourceClient", r.date_created AS "dateCreated"
    FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id JOIN studies s ON s.id = a.study_id`;

export async function findAnalysisResource(query: Query, id: string): Promise<AnalysisResourceRow | undefined> {
  const [row] = await query<AnalysisResourceRow>(`${RESOURCE_SELECT} WHERE r.id = $1`, [id]);
  return row;
}

/** By analysis or by study (one of them given), optionally of one type. */
export async function listAnalysisResources(
  query: Query,
  filter: { analysisId: string | null; studyId: string | null; type: number | null },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: AnalysisResourceRow[] }> {
  const where = `WHERE ($1::uuid IS NULL OR r.analysis_id = $1) AND ($2::uuid IS NULL OR a.study_id = $2)
                   AND ($3::int IS NULL OR r.type = $3)`;
  return pageOfRows<AnalysisResourceRow>(
    query,
    {
      count: `SELECT count(*)::int AS count FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id ${where}`,
      rows: `${RESOURCE_SELECT} ${where} ORDER BY a.date_created, r.type, r.date_created, r.id LIMIT $4 OFFSET $5`,
    },
    [filter.analysisId, filter.studyId, filter.type],
    window,
  );
}

/** Every resource of a study's analyses (the viewer loads them all at once). */
export async function allAnalysisResourcesOfStudy(query: Query, studyId: string): Promise<AnalysisResourceRow[]> {
  return query<AnalysisResourceRow>(
    `${RESOURCE_SELECT} WHERE a.study_id = $1 ORDER BY a.date_created, r.type, r.date_created, r.id`,
    [studyId],
  );
}

export async function insertAnalysisResource(
  query: Query,
  row: {
    id: string;
    analysisId: string;
    type: number;
    name: string;
    filename: string;
    mimeType: string;
    storageKey: string;
    attributes: Record<string, unknown>;
    sourceVersion: string;
    sourceClient: string;
    createdById: string;
  },
): Promise<void> {
  await query(
    `INSERT INTO analysis_resources (id, analysis_id, type, name, filename, mime_type, storage_key, attributes,
                                     source_version, source_client, created_by_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)`,
    [
      row.id,
      row.analysisId,
      row.type,
      row.name,
      row.filename,
      row.mimeType,
      row.storageKey,
      JSON.stringify(row.attributes),
      row.sourceVersion,
      row.sourceClient,
      row.createdById,
    ],
  );
}

export async function markResourceUploaded(query: Query, id: string, size: number): Promise<void> {
  await query('UPDATE analysis_resources SET upload_successful = true, size = $2 WHERE id = $1', [id, size]);
}

export async function setResourceAttributes(
  query: Query,
  id: string,
  attributes: Record<string, unknown>,
): Promise<void> {
  await query('UPDATE analysis_resources SET attributes = $2::jsonb WHERE id = $1', [id, JSON.stringify(attributes)]);
}

export async function deleteAnalysisResource(query: Query, id: string): Promise<void> {
  await query('DELETE FROM analysis_resources WHERE id = $1', [id]);
}
