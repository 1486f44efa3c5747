import { InputDataStatus } from '@cardiomap/contract';
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
  /** SHA-256 (hex) of the object as confirmed; null before confirmation (and for uploads confirmed before issue 22). */
  sha256: string | null;
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
  size::float8 AS size, sha256, upload_successful AS "uploadSuccessful", status, reasons, warnings, series,
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
    declaredSize: number;
  },
): Promise<InputDataRow> {
  const [inserted] = await query<InputDataRow>(
    sql`INSERT INTO input_data (id, case_id, name, filename, mime_type, source_version, source_client, storage_key,
                                created_by_id, declared_size)
     VALUES (${row.id}, ${row.caseId}, ${row.name}, ${row.filename}, ${row.mimeType}, ${row.sourceVersion},
       ${row.sourceClient}, ${row.storageKey}, ${row.createdById}, ${row.declaredSize}) RETURNING ${COLUMNS}`,
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

/** The case's newest upload whose bytes arrived, or none. */
export async function findNewestUploadOfCase(query: Query, caseId: string): Promise<InputDataRow | undefined> {
  const [row] = await query<InputDataRow>(
    sql`SELECT ${COLUMNS} FROM input_data WHERE case_id = ${caseId} AND upload_successful
         ORDER BY date_created DESC, id LIMIT 1`,
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

export async function markUploaded(
  query: Query,
  id: string,
  arrived: { size: number; sha256: string; status: number },
): Promise<void> {
  await query(
    sql`UPDATE input_data SET upload_successful = true, size = ${arrived.size}, sha256 = ${arrived.sha256},
            status = ${arrived.status}, multipart_upload_id = NULL, date_confirmed = now() WHERE id = ${id}`,
  );
}

/** What a case's uploads hold: how many, and the bytes they arrived with or reserved. */
export async function caseUploadUsage(query: Query, caseId: string): Promise<{ count: number; bytes: number }> {
  const [usage] = await query<{ count: number; bytes: number }>(
    sql`SELECT count(*)::int AS count, COALESCE(sum(COALESCE(size, declared_size, 0)), 0)::float8 AS bytes
          FROM input_data WHERE case_id = ${caseId}`,
  );
  return usage ?? { count: 0, bytes: 0 };
}

const UPLOAD_KEY = /^input-data\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/upload\.zip$/;

/**
 * Whether a signed PUT may still write this key: an upload's object only until it is confirmed (its link
 * is single-use: a second PUT used to replace the confirmed original, issue 22), and not at all once its
 * row is gone. Other keys are not uploads of this module.
 */
export async function uploadAcceptsWrites(query: Query, key: string): Promise<boolean> {
  const id = UPLOAD_KEY.exec(key)?.[1];
  if (!id) return true;
  const [row] = await query<{ uploadSuccessful: boolean }>(
    sql`SELECT upload_successful AS "uploadSuccessful" FROM input_data WHERE id = ${id}`,
  );
  return row !== undefined && !row.uploadSuccessful;
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

/** Back to 'uploaded' when it is still 'processing' (its job was terminated); otherwise as it is. */
export async function resetProcessingUpload(query: Query, id: string): Promise<void> {
  await query(
    sql`UPDATE input_data SET status = ${InputDataStatus.UPLOADED}
         WHERE id = ${id} AND status = ${InputDataStatus.PROCESSING}`,
  );
}

/** Whether a job for this upload is queued or running. */
export async function hasActiveJob(query: Query, inputDataId: string): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`SELECT id FROM jobs WHERE input_data_id = ${inputDataId} AND status IN (0, 1) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Uploads never confirmed whose links have expired: nobody can finish them, their bytes are litter. */
export async function expiredUnconfirmedUploads(
  query: Query,
  olderThanSeconds: number,
): Promise<
  { id: string; caseId: string; organisationId: string; storageKey: string; multipartUploadId: string | null }[]
> {
  return query(
    sql`SELECT i.id, i.case_id AS "caseId", c.organisation_id AS "organisationId", i.storage_key AS "storageKey",
               i.multipart_upload_id AS "multipartUploadId"
          FROM input_data i JOIN cases c ON c.id = i.case_id
         WHERE NOT i.upload_successful AND i.date_created < now() - make_interval(secs => ${olderThanSeconds})
         ORDER BY i.date_created LIMIT 100`,
  );
}

/** Removes an upload row, only while it is still unconfirmed (a confirmation that raced in keeps it). */
export async function deleteUnconfirmedUpload(query: Query, id: string): Promise<boolean> {
  const rows = await query(sql`DELETE FROM input_data WHERE id = ${id} AND NOT upload_successful RETURNING id`);
  return rows.length > 0;
}
