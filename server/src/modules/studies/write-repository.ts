import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';
import { findStudyResource, type StudyResourceRow } from './repository.ts';

/** A report the browser is about to upload: size stays null until confirm-upload finds the object. */
export async function insertReportResource(
  query: Query,
  row: {
    id: string;
    studyId: string;
    name: string;
    filename: string;
    mimeType: string;
    storageKey: string;
    attributes: Record<string, unknown>;
    sourceVersion: string;
    sourceClient: string;
  },
): Promise<StudyResourceRow> {
  await query(
    sql`INSERT INTO study_resources (id, study_id, type, name, filename, mime_type, storage_key, attributes,
                                  source_version, source_client)
     VALUES (${row.id}, ${row.studyId}, 3, ${row.name}, ${row.filename}, ${row.mimeType}, ${row.storageKey},
       ${JSON.stringify(row.attributes)}::jsonb, ${row.sourceVersion}, ${row.sourceClient})`,
  );
  return (await findStudyResource(query, row.id)) as StudyResourceRow;
}

/** Marks an upload arrived; false when another confirmation got there first. */
export async function setResourceSize(query: Query, id: string, size: number): Promise<boolean> {
  const rows = await query(
    sql`UPDATE study_resources SET size = ${size} WHERE id = ${id} AND size IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Merges attributes into every volume of the study: the phases of one acquisition are read alike
 * (issue 28), so the interpolation type set on one is the study's.
 */
export async function mergeVolumeAttributes(query: Query, studyId: string, attributes: Record<string, unknown>) {
  await query(
    sql`UPDATE study_resources SET attributes = attributes || ${JSON.stringify(attributes)}::jsonb
      WHERE study_id = ${studyId} AND type = 2`,
  );
}

export async function deleteStudyResourceRow(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM study_resources WHERE id = ${id}`);
}

export async function orderOfCase(query: Query, orderId: string, caseId: string): Promise<boolean> {
  const rows = await query(sql`SELECT 1 FROM orders WHERE id = ${orderId} AND case_id = ${caseId}`);
  return rows.length > 0;
}

/** What marks a study resource (type 0) as the stored legacy simulation config (spec §7 legacy-config). */
export const LEGACY_CONFIG_KIND = 'legacy-config';

/** The study's stored legacy configs (one is kept; a new one replaces them), with where their files are. */
export async function legacyConfigsOf(query: Query, studyId: string): Promise<{ id: string; storageKey: string }[]> {
  return query<{ id: string; storageKey: string }>(
    sql`SELECT id, storage_key AS "storageKey" FROM study_resources
         WHERE study_id = ${studyId} AND type = 0 AND attributes->>'kind' = ${LEGACY_CONFIG_KIND} FOR UPDATE`,
  );
}

/** A legacy config whose file is already stored: it arrives complete, so its size is known at once. */
export async function insertLegacyConfigResource(
  query: Query,
  row: { id: string; studyId: string; filename: string; storageKey: string; size: number; caseIdentifier: string },
): Promise<void> {
  const attributes = { kind: LEGACY_CONFIG_KIND, caseIdentifier: row.caseIdentifier };
  await query(
    sql`INSERT INTO study_resources (id, study_id, type, name, filename, mime_type, storage_key, size, attributes,
                                  source_client)
     VALUES (${row.id}, ${row.studyId}, 0, 'Legacy simulation config', ${row.filename}, 'application/json',
       ${row.storageKey}, ${row.size}, ${JSON.stringify(attributes)}::jsonb, 'legacy-config')`,
  );
}
