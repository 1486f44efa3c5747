import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/**
 * Issue 28: a cardiac phase is a volume study resource (type 2) with its phase columns; a volume stored
 * before phases were told apart reads as phase 0, unlabelled ('Single phase'), the default.
 */
export interface PhaseRow {
  id: string;
  index: number;
  label: string | null;
  percent: number | null;
  triggerTimeMs: number | null;
  isDefault: boolean;
  storageKey: string;
  mimeType: string;
  attributes: Record<string, unknown>;
}

/** A phase row's facts as the presenter reads them (its slice count is among the volume's attributes). */
export const phaseFactsOf = (row: PhaseRow) => ({
  id: row.id,
  label: row.label,
  percent: row.percent,
  triggerTimeMs: row.triggerTimeMs,
  isDefault: row.isDefault,
  sliceCount: sliceCountOf(row.attributes),
});

function sliceCountOf(attributes: Record<string, unknown>): number | null {
  if (typeof attributes.sliceCount === 'number') return attributes.sliceCount;
  const dimensions = attributes.dimensions;
  return Array.isArray(dimensions) && typeof dimensions[2] === 'number' ? dimensions[2] : null;
}

/** The columns of a phase row, for any query over study_resources aliased `r`. */
export const PHASE_COLUMNS = sql`r.id, r.phase_index AS "index", r.phase_label AS label,
  r.phase_percent::float8 AS percent, r.phase_trigger_time_ms::float8 AS "triggerTimeMs",
  r.is_default_phase AS "isDefault", r.storage_key AS "storageKey", r.mime_type AS "mimeType", r.attributes`;

/** The study's phases in cardiac order. */
export async function listPhases(query: Query, studyId: string): Promise<PhaseRow[]> {
  return query<PhaseRow>(
    sql`SELECT ${PHASE_COLUMNS} FROM study_resources r
      WHERE r.study_id = ${studyId} AND r.type = 2 ORDER BY r.phase_index, r.id`,
  );
}

/** A phase of the study by its id; none when the id is another study's or not a volume. */
export async function findPhaseOfStudy(query: Query, studyId: string, phaseId: string): Promise<PhaseRow | undefined> {
  const [row] = await query<PhaseRow>(
    sql`SELECT ${PHASE_COLUMNS} FROM study_resources r
      WHERE r.id = ${phaseId} AND r.study_id = ${studyId} AND r.type = 2`,
  );
  return row;
}

/** Makes the phase the study's default (one statement: the one-default index never sees two). */
export async function setDefaultPhaseRow(query: Query, studyId: string, phaseId: string): Promise<void> {
  await query(
    sql`UPDATE study_resources SET is_default_phase = (id = ${phaseId})
      WHERE study_id = ${studyId} AND type = 2`,
  );
}

export interface IngestPhase {
  index: number;
  label: string;
  percent: number | null;
  triggerTimeMs: number | null;
  isDefault: boolean;
  filename: string;
  storageKey: string;
  size: number;
  attributes: Record<string, unknown>;
}

/**
 * Every phase's volume of an ingest run, replacing the previous run's: a phase index kept keeps its
 * resource id (landmarks placed on it stay on it), phases the new run does not have are removed (their
 * landmarks lose the phase, not the landmark). Answers the storage keys no row holds any more, to
 * delete after commit.
 */
export async function replaceIngestVolumes(
  query: Query,
  common: { studyId: string; inputDataId: string; sourceVersion: string },
  phases: readonly IngestPhase[],
): Promise<{ ids: string[]; replacedKeys: string[] }> {
  const previous = await query<{ storageKey: string }>(
    sql`SELECT storage_key AS "storageKey" FROM study_resources
      WHERE study_id = ${common.studyId} AND type = 2 ORDER BY phase_index FOR UPDATE`,
  );
  // No default while the rows change: the one-default index is checked per row.
  await query(sql`UPDATE study_resources SET is_default_phase = false WHERE study_id = ${common.studyId} AND type = 2`);
  await query(
    sql`DELETE FROM study_resources
      WHERE study_id = ${common.studyId} AND type = 2 AND phase_index >= ${phases.length}`,
  );
  const ids: string[] = [];
  for (const phase of phases) {
    const [row] = await query<{ id: string }>(
      sql`INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes,
                                    input_data_id, source_version, source_client, phase_index, phase_label,
                                    phase_percent, phase_trigger_time_ms, is_default_phase)
       VALUES (${common.studyId}, 2, ${`DICOM volume (${phase.label})`}, ${phase.filename},
         'application/vnd.cardiomap.volume', ${phase.storageKey}, ${phase.size},
         ${JSON.stringify(phase.attributes)}::jsonb, ${common.inputDataId}, ${common.sourceVersion},
         'cardiomap-ingest', ${phase.index}, ${phase.label}, ${phase.percent}, ${phase.triggerTimeMs},
         ${phase.isDefault})
       ON CONFLICT (study_id, type, phase_index) WHERE type in (1, 2) DO UPDATE
          SET name = EXCLUDED.name, filename = EXCLUDED.filename, mime_type = EXCLUDED.mime_type,
              storage_key = EXCLUDED.storage_key, size = EXCLUDED.size, attributes = EXCLUDED.attributes,
              input_data_id = EXCLUDED.input_data_id, source_version = EXCLUDED.source_version,
              phase_label = EXCLUDED.phase_label, phase_percent = EXCLUDED.phase_percent,
              phase_trigger_time_ms = EXCLUDED.phase_trigger_time_ms,
              is_default_phase = EXCLUDED.is_default_phase, date_created = now()
       RETURNING id`,
    );
    if (!row) throw new Error('Phase volume upsert returned nothing');
    ids.push(row.id);
  }
  const kept = new Set(phases.map((p) => p.storageKey));
  return { ids, replacedKeys: previous.map((p) => p.storageKey).filter((key) => !kept.has(key)) };
}
