import { sql } from 'drizzle-orm';
import { pageOfRows, type Query } from '../../db/query.ts';

type Timestamp = Date | string;

/** A series as stored with its upload: `uid` is the original series UID, kept for staff re-runs only. */
export interface StoredSeries {
  key: string;
  uid: string;
  description: string;
  sliceCount: number;
  rows: number;
  columns: number;
  spacing: number[] | null;
  orientation: string;
  isContrastEnhanced: boolean;
  isChosen: boolean;
  note: string | null;
  /** Its gap above the limit, in words (absent in series stored before the gap rule: none). */
  gap?: string | null;
}

export interface InputDataRow {
  id: string;
  caseId: string;
  name: string;
  filename: string;
  mimeType: string;
  sourceVersion: string;
  sourceClient: string;
  storageKey: string;
  multipartUploadId: string | null;
  size: number | null;
  uploadSuccessful: boolean;
  status: number;
  reasons: string[];
  warnings: string[];
  series: StoredSeries[];
  dateCreated: Timestamp;
}

const COLUMNS = sql`
  id, case_id AS "caseId", name, filename, mime_type AS "mimeType", source_version AS "sourceVersion",
  source_client AS "sourceClient", storage_key AS "storageKey", multipart_upload_id AS "multipartUploadId",
  size::float8 AS size, upload_successful AS "uploadSuccessful", status, reasons, warnings, series,
  date_created AS "dateCreated"`;

export async function insertInputData(
  query: Query,
  row: {
    id: string;
    caseId: string;
    name: string;
    filename: string;
    mimeType: string;
    sourceVersion: string;
    sourceClient: string;
    storageKey: string;
    createdById: string;
  },
): Promise<InputDataRow> {
  const [inserted] = await query<InputDataRow>(
    sql`INSERT INTO input_data (id, case_id, name, filename, mime_type, source_version, source_client, storage_key, created_by_id)
     VALUES (${row.id}, ${row.caseId}, ${row.name}, ${row.filename}, ${row.mimeType}, ${row.sourceVersion},
       ${row.sourceClient}, ${row.storageKey}, ${row.createdById}) RETURNING ${COLUMNS}`,
  );
  if (!inserted) throw new Error('input_data insert returned nothing');
  return inserted;
}

export async function setMultipartUpload(query: Query, id: string, uploadId: string): Promise<void> {
  await query(sql`UPDATE input_data SET multipart_upload_id = ${uploadId} WHERE id = ${id}`);
}

export async function findInputData(
  query: Query,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InputDataRow | undefined> {
  const [row] = await query<InputDataRow>(
    sql`SELECT ${COLUMNS} FROM input_data WHERE id = ${id} ${options.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function listInputDataOfCase(
  query: Query,
  caseId: string,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: InputDataRow[] }> {
  return pageOfRows<InputDataRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM input_data WHERE case_id = ${caseId}`,
      rows: sql`SELECT ${COLUMNS} FROM input_data WHERE case_id = ${caseId} ORDER BY date_created DESC, id`,
    },
    window,
  );
}

export async function markUploaded(query: Query, id: string, size: number, status: number): Promise<void> {
  await query(
    sql`UPDATE input_data SET upload_successful = true, size = ${size}, status = ${status}, multipart_upload_id = NULL,
            date_confirmed = now() WHERE id = ${id}`,
  );
}

/** What processing made of the upload. */
export async function recordProcessing(
  query: Query,
  id: string,
  outcome: { status: number; reasons: string[]; warnings: string[]; series: StoredSeries[] | null },
): Promise<void> {
  await query(
    sql`UPDATE input_data SET status = ${outcome.status}, reasons = ${JSON.stringify(outcome.reasons)}::jsonb,
      warnings = ${JSON.stringify(outcome.warnings)}::jsonb,
      series = COALESCE(${outcome.series === null ? null : JSON.stringify(outcome.series)}::jsonb, series)
      WHERE id = ${id}`,
  );
}

export async function setInputDataStatus(query: Query, id: string, status: number): Promise<void> {
  await query(sql`UPDATE input_data SET status = ${status} WHERE id = ${id}`);
}

/** Whether a job for this upload is queued or running. */
export async function hasActiveJob(query: Query, inputDataId: string): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`SELECT id FROM jobs WHERE input_data_id = ${inputDataId} AND status IN (0, 1) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Uploads in parts never confirmed, whose links have expired: their parts can only be litter now. */
export async function abandonedMultipartUploads(
  query: Query,
  olderThanSeconds: number,
): Promise<{ id: string; storageKey: string; multipartUploadId: string }[]> {
  return query(
    sql`SELECT id, storage_key AS "storageKey", multipart_upload_id AS "multipartUploadId" FROM input_data
      WHERE multipart_upload_id IS NOT NULL AND NOT upload_successful
        AND date_created < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}

export async function clearMultipartUpload(query: Query, id: string): Promise<void> {
  await query(sql`UPDATE input_data SET multipart_upload_id = NULL WHERE id = ${id}`);
}
