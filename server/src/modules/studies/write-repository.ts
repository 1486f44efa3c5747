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
    `INSERT INTO study_resources (id, study_id, type, name, filename, mime_type, storage_key, attributes,
                                  source_version, source_client)
     VALUES ($1, $2, 3, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
    [
      row.id,
      row.studyId,
      row.name,
      row.filename,
      row.mimeType,
      row.storageKey,
      JSON.stringify(row.attributes),
      row.sourceVersion,
      row.sourceClient,
    ],
  );
  return (await findStudyResource(query, row.id)) as StudyResourceRow;
}

/** Marks an upload arrived; false when another confirmation got there first. */
export async function setResourceSize(query: Query, id: string, size: number): Promise<boolean> {
  const rows = await query('UPDATE study_resources SET size = $2 WHERE id = $1 AND size IS NULL RETURNING id', [
    id,
    size,
  ]);
  return rows.length > 0;
}

/** Merges attributes into the stored ones (the volume keeps its geometry when its interpolation changes). */
export async function mergeResourceAttributes(query: Query, id: string, attributes: Record<string, unknown>) {
  await query('UPDATE study_resources SET attributes = attributes || $2::jsonb WHERE id = $1', [
    id,
    JSON.stringify(attributes),
  ]);
}

export async function deleteStudyResourceRow(query: Query, id: string): Promise<void> {
  await query('DELETE FROM study_resources WHERE id = $1', [id]);
}

export async function orderOfCase(query: Query, orderId: string, caseId: string): Promise<boolean> {
  const rows = await query('SELECT 1 FROM orders WHERE id = $1 AND case_id = $2', [orderId, caseId]);
  return rows.length > 0;
}

/** The study's visualisation ids, to check a new order names exactly these. */
export async function visualisationIdsOfStudy(query: Query, studyId: string): Promise<string[]> {
  const rows = await query<{ id: string }>('SELECT id FROM visualisations WHERE study_id = $1', [studyId]);
  return rows.map((r) => r.id);
}

/** Stores the display order of the study's visualisations as given (position = order). */
export async function orderVisualisations(query: Query, studyId: string, ids: readonly string[]): Promise<void> {
  await query(
    `UPDATE visualisations v SET "order" = o.position - 1
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE v.id = o.id AND v.study_id = $1`,
    [studyId, ids],
  );
}
