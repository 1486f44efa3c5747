import { sql } from 'drizzle-orm';
import { type CaseScope, visibleCases } from '../../access/case-access.ts';
import { pageOfRows, type Query } from '../../db/query.ts';

type Timestamp = Date | string;

export interface StudyRow {
  id: string;
  caseId: string;
  caseIdentifier: string;
  dateCreated: Timestamp;
  /** Every resource; a report is uploaded once its size is known (confirm-upload). */
  resources: { id: string; type: number; size: number | null; identified: boolean; legacyConfig: boolean }[];
  analysisIds: string[];
  visualisationIds: string[];
  /** The volumes, one per cardiac phase, in cardiac order. */
  phases: StudyPhaseRow[];
}

export interface StudyPhaseRow {
  id: string;
  label: string | null;
  percent: number | null;
  triggerTimeMs: number | null;
  sliceCount: number | null;
  isDefault: boolean;
}

const STUDY_SELECT = sql`
  SELECT s.id, s.case_id AS "caseId", c.case_identifier AS "caseIdentifier", s.date_created AS "dateCreated",
         COALESCE((SELECT json_agg(json_build_object('id', r.id, 'type', r.type, 'size', r.size,
                                                     'identified', r.attributes->>'variant' = 'identified',
                                                     'legacyConfig', r.type = 0 AND r.attributes->>'kind' = 'legacy-config')
                                   ORDER BY r.date_created, r.id)
                     FROM study_resources r WHERE r.study_id = s.id), '[]'::json) AS resources,
         COALESCE((SELECT json_agg(a.id ORDER BY a.date_created, a.id) FROM analyses a WHERE a.study_id = s.id),
                  '[]'::json) AS "analysisIds",
         COALESCE((SELECT json_agg(v.id ORDER BY v."order", v.date_created, v.id)
                     FROM visualisations v WHERE v.study_id = s.id), '[]'::json) AS "visualisationIds",
         COALESCE((SELECT json_agg(json_build_object('id', r.id, 'label', r.phase_label, 'percent', r.phase_percent,
                                                     'triggerTimeMs', r.phase_trigger_time_ms,
                                                     'sliceCount', COALESCE(r.attributes->'sliceCount',
                                                                            r.attributes->'dimensions'->2),
                                                     'isDefault', r.is_default_phase)
                                   ORDER BY r.phase_index, r.id)
                     FROM study_resources r WHERE r.study_id = s.id AND r.type = 2), '[]'::json) AS phases
    FROM studies s JOIN cases c ON c.id = s.case_id`;

export async function findStudy(query: Query, id: string): Promise<StudyRow | undefined> {
  const [row] = await query<StudyRow>(sql`${STUDY_SELECT} WHERE s.id = ${id}`);
  return row;
}

export async function findStudyOfCase(query: Query, caseId: string): Promise<StudyRow | undefined> {
  const [row] = await query<StudyRow>(sql`${STUDY_SELECT} WHERE s.case_id = ${caseId}`);
  return row;
}

/** The studies of the cases the scope admits (the same tenancy rule as the case list). */
export async function listVisibleStudies(
  query: Query,
  scope: CaseScope,
  caseId: string | null,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: StudyRow[] }> {
  const where = sql`WHERE ${visibleCases(scope)} AND (${caseId}::uuid IS NULL OR s.case_id = ${caseId})`;
  return pageOfRows<StudyRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM studies s JOIN cases c ON c.id = s.case_id ${where}`,
      rows: sql`${STUDY_SELECT} ${where} ORDER BY s.date_created DESC, s.id`,
    },
    window,
  );
}

/** The case's study, made on first need; concurrent callers get the same one. */
export async function ensureStudy(query: Query, caseId: string): Promise<string> {
  await query(sql`INSERT INTO studies (case_id) VALUES (${caseId}) ON CONFLICT (case_id) DO NOTHING`);
  const [row] = await query<{ id: string }>(sql`SELECT id FROM studies WHERE case_id = ${caseId}`);
  if (!row) throw new Error(`Study of case ${caseId} vanished`);
  return row.id;
}

export interface StudyResourceRow {
  id: string;
  studyId: string;
  caseId: string;
  type: number;
  name: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  size: number | null;
  attributes: Record<string, unknown>;
  sourceVersion: string;
  sourceClient: string;
  dateCreated: Timestamp;
}

const RESOURCE_SELECT = sql`
  SELECT r.id, r.study_id AS "studyId", s.case_id AS "caseId", r.type, r.name, r.filename, r.mime_type AS "mimeType",
         r.storage_key AS "storageKey", r.size::float8 AS size, r.attributes, r.source_version AS "sourceVersion",
         r.source_client AS "sourceClient", r.date_created AS "dateCreated"
    FROM study_resources r JOIN studies s ON s.id = r.study_id`;

export async function findStudyResource(query: Query, id: string): Promise<StudyResourceRow | undefined> {
  const [row] = await query<StudyResourceRow>(sql`${RESOURCE_SELECT} WHERE r.id = ${id}`);
  return row;
}

/** A generated report that prints patient details (issue 18 §2): listed only to who may see them. */
export const isIdentifiedReport = (row: Pick<StudyResourceRow, 'attributes'>): boolean =>
  row.attributes.variant === 'identified';

export async function listStudyResources(
  query: Query,
  studyId: string,
  window: { limit: number; offset: number },
  options: { withIdentifiedReports: boolean },
): Promise<{ count: number; rows: StudyResourceRow[] }> {
  const where = sql`WHERE r.study_id = ${studyId}
    AND (${options.withIdentifiedReports}::boolean OR r.attributes->>'variant' IS DISTINCT FROM 'identified')`;
  return pageOfRows<StudyResourceRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM study_resources r ${where}`,
      rows: sql`${RESOURCE_SELECT} ${where} ORDER BY r.type, r.date_created, r.id`,
    },
    window,
  );
}

/**
 * The pseudonymised DICOM zip the ingest made of an upload, once stored; none while the ingest has not
 * succeeded, or after a later upload's ingest replaced it.
 */
export async function findPseudonymisedDicomOfInput(
  query: Query,
  inputDataId: string,
): Promise<{ storageKey: string; filename: string; mimeType: string } | undefined> {
  const [row] = await query<{ storageKey: string; filename: string; mimeType: string }>(
    // Through the case's study: study_resources is indexed by study and type, not by upload.
    sql`SELECT r.storage_key AS "storageKey", r.filename, r.mime_type AS "mimeType"
       FROM input_data i JOIN studies s ON s.case_id = i.case_id JOIN study_resources r ON r.study_id = s.id
      WHERE i.id = ${inputDataId} AND r.type = 1 AND r.input_data_id = i.id AND r.size IS NOT NULL`,
  );
  return row;
}

/**
 * The ingest's pseudonymised DICOM (type 1): replaced, never duplicated, so a re-run after a crash or with
 * another series leaves one. Answers the storage key it replaced, to delete after commit. The volumes,
 * one per cardiac phase, are replaced by `replaceIngestVolumes`.
 */
export async function upsertIngestResource(
  query: Query,
  resource: {
    studyId: string;
    type: 1;
    name: string;
    filename: string;
    mimeType: string;
    storageKey: string;
    size: number;
    attributes: Record<string, unknown>;
    inputDataId: string;
    sourceVersion: string;
  },
): Promise<{ id: string; replacedKey: string | null }> {
  const [previous] = await query<{ storageKey: string }>(
    sql`SELECT storage_key AS "storageKey" FROM study_resources
      WHERE study_id = ${resource.studyId} AND type = ${resource.type} FOR UPDATE`,
  );
  const [row] = await query<{ id: string }>(
    sql`INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes,
                                  input_data_id, source_version, source_client)
     VALUES (${resource.studyId}, ${resource.type}, ${resource.name}, ${resource.filename}, ${resource.mimeType},
       ${resource.storageKey}, ${resource.size}, ${JSON.stringify(resource.attributes)}::jsonb,
       ${resource.inputDataId}, ${resource.sourceVersion}, 'cardiomap-ingest')
     ON CONFLICT (study_id, type, phase_index) WHERE type in (1, 2) DO UPDATE
        SET name = EXCLUDED.name, filename = EXCLUDED.filename, mime_type = EXCLUDED.mime_type,
            storage_key = EXCLUDED.storage_key, size = EXCLUDED.size, attributes = EXCLUDED.attributes,
            input_data_id = EXCLUDED.input_data_id, source_version = EXCLUDED.source_version, date_created = now()
     RETURNING id`,
  );
  if (!row) throw new Error('Study resource upsert returned nothing');
  const replacedKey = previous && previous.storageKey !== resource.storageKey ? previous.storageKey : null;
  return { id: row.id, replacedKey };
}
