import { sql } from 'drizzle-orm';
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
  multipartUploadId: string | null;
  attributes: Record<string, unknown>;
  sourceVersion: string;
  sourceClient: string;
  dateCreated: Timestamp;
}

const RESOURCE_SELECT = sql`
  SELECT r.id, r.analysis_id AS "analysisId", a.study_id AS "studyId", s.case_id AS "caseId", r.type, r.name,
         r.filename, r.mime_type AS "mimeType", r.storage_key AS "storageKey", r.size::float8 AS size,
         r.upload_successful AS "uploadSuccessful",
         r.multipart_upload_id AS "multipartUploadId", r.attributes, r.source_version AS "sourceVersion",
         r.source_client AS "sourceClient", r.date_created AS "dateCreated"
    FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id JOIN studies s ON s.id = a.study_id`;

export async function findAnalysisResource(query: Query, id: string): Promise<AnalysisResourceRow | undefined> {
  const [row] = await query<AnalysisResourceRow>(sql`${RESOURCE_SELECT} WHERE r.id = ${id}`);
  return row;
}

/** By analysis or by study (one of them given), optionally of one type. */
export async function listAnalysisResources(
  query: Query,
  filter: { analysisId: string | null; studyId: string | null; type: number | null },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: AnalysisResourceRow[] }> {
  const where = sql`WHERE (${filter.analysisId}::uuid IS NULL OR r.analysis_id = ${filter.analysisId})
    AND (${filter.studyId}::uuid IS NULL OR a.study_id = ${filter.studyId})
                   AND (${filter.type}::int IS NULL OR r.type = ${filter.type})`;
  return pageOfRows<AnalysisResourceRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count
        FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id ${where}`,
      rows: sql`${RESOURCE_SELECT} ${where} ORDER BY a.date_created, r.type, r.date_created, r.id`,
    },
    window,
  );
}

/** Every resource of a study's analyses (the viewer loads them all at once). */
export async function allAnalysisResourcesOfStudy(query: Query, studyId: string): Promise<AnalysisResourceRow[]> {
  return query<AnalysisResourceRow>(
    sql`${RESOURCE_SELECT} WHERE a.study_id = ${studyId} ORDER BY a.date_created, r.type, r.date_created, r.id`,
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
    sql`INSERT INTO analysis_resources (id, analysis_id, type, name, filename, mime_type, storage_key, attributes,
                                     source_version, source_client, created_by_id)
     VALUES (${row.id}, ${row.analysisId}, ${row.type}, ${row.name}, ${row.filename}, ${row.mimeType},
       ${row.storageKey}, ${JSON.stringify(row.attributes)}::jsonb, ${row.sourceVersion}, ${row.sourceClient},
       ${row.createdById})`,
  );
}

export async function markResourceUploaded(query: Query, id: string, size: number): Promise<void> {
  await query(
    sql`UPDATE analysis_resources SET upload_successful = true, multipart_upload_id = NULL, size = ${size} WHERE id = ${id}`,
  );
}

export async function setResourceMultipart(query: Query, id: string, uploadId: string): Promise<void> {
  await query(sql`UPDATE analysis_resources SET multipart_upload_id = ${uploadId} WHERE id = ${id}`);
}

/** An accepted mesh: the row now points at its GLB, with what parsing found merged into the attributes. */
export async function markMeshAccepted(
  query: Query,
  id: string,
  mesh: { storageKey: string; filename: string; mimeType: string; size: number; attributes: Record<string, unknown> },
): Promise<void> {
  await query(
    sql`UPDATE analysis_resources
          SET upload_successful = true, multipart_upload_id = NULL, size = ${mesh.size}, storage_key = ${mesh.storageKey},
              filename = ${mesh.filename}, mime_type = ${mesh.mimeType},
              attributes = attributes || ${JSON.stringify(mesh.attributes)}::jsonb
        WHERE id = ${id}`,
  );
}

export async function setResourceAttributes(
  query: Query,
  id: string,
  attributes: Record<string, unknown>,
): Promise<void> {
  await query(sql`UPDATE analysis_resources SET attributes = ${JSON.stringify(attributes)}::jsonb WHERE id = ${id}`);
}

export async function deleteAnalysisResource(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM analysis_resources WHERE id = ${id}`);
}

/** The study's figures (image resources that arrived), oldest first: the order they were captured in. */
export async function figuresOfStudy(query: Query, studyId: string): Promise<AnalysisResourceRow[]> {
  return query<AnalysisResourceRow>(
    sql`${RESOURCE_SELECT} WHERE a.study_id = ${studyId} AND r.type = 2 AND r.upload_successful
      ORDER BY r.date_created, r.id`,
  );
}
