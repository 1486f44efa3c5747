import { AnalysisResourceType, AnalysisType, StudyResourceType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

export const PRELIMINARY_ANALYSIS_NAME = 'Preliminary 3D model';

export interface CaseVolume {
  status: number;
  studyId: string | null;
  volumeKey: string | null;
  volumeSize: number | null;
  /** The default cardiac phase the volume is (issue 28); label null: a volume stored before phases. */
  phaseId: string | null;
  phaseLabel: string | null;
}

/** The case's status and its default phase's volume (study resource type 2), if ingest made one. */
export async function findCaseVolume(query: Query, caseId: string): Promise<CaseVolume | undefined> {
  const [row] = await query<CaseVolume>(
    sql`SELECT c.status, s.id AS "studyId", r.storage_key AS "volumeKey", r.size::float8 AS "volumeSize",
            r.id AS "phaseId", r.phase_label AS "phaseLabel"
       FROM cases c
       LEFT JOIN studies s ON s.case_id = c.id
       LEFT JOIN study_resources r ON r.study_id = s.id AND r.type = ${StudyResourceType.DICOM_VOLUME}
                                  AND r.is_default_phase
      WHERE c.id = ${caseId}`,
  );
  return row;
}

export interface PreliminaryModel {
  studyId: string;
  /** The scene object's name, shown in the 3D scene and the Object Settings tab. */
  name: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  size: number;
  color: string;
  opacity: number;
  attributes: Record<string, unknown>;
  /** The Details tab's results of the analysis. */
  results: { name: string; value: number; unit?: string }[];
  sourceVersion: string;
}

/**
 * Makes the study's one preliminary analysis (type 1, anatomical) hold exactly this model: its scene
 * object resource, the study's viewer config, a visualisation of the analysis and the object drawing the
 * mesh. A re-run replaces the resource (its visualisation object goes with it) and keeps the analysis
 * and visualisation, so it never duplicates. Answers the storage keys it replaced, to delete after commit.
 * The upsert locks the analysis row, so two runs for one study take turns.
 */
export async function replacePreliminaryModel(query: Query, model: PreliminaryModel): Promise<string[]> {
  const [analysis] = await query<{ id: string }>(
    sql`INSERT INTO analyses (study_id, type, name, is_preliminary, results)
     VALUES (${model.studyId}, ${AnalysisType.ANATOMICAL}, ${PRELIMINARY_ANALYSIS_NAME}, true,
       ${JSON.stringify(model.results)}::jsonb)
     ON CONFLICT (study_id) WHERE is_preliminary DO UPDATE SET name = EXCLUDED.name, results = EXCLUDED.results
     RETURNING id`,
  );
  const analysisId = (analysis as { id: string }).id;
  const replaced = await query<{ storageKey: string }>(
    sql`DELETE FROM analysis_resources WHERE analysis_id = ${analysisId} RETURNING storage_key AS "storageKey"`,
  );
  const [resource] = await query<{ id: string }>(
    sql`INSERT INTO analysis_resources (analysis_id, type, name, filename, mime_type, storage_key, size, upload_successful,
                                     attributes, source_version, source_client)
     VALUES (${analysisId}, ${AnalysisResourceType.SCENE_OBJECT}, ${model.name}, ${model.filename}, ${model.mimeType},
       ${model.storageKey}, ${model.size}, true,
       ${JSON.stringify({ ...model.attributes, name: model.name, color: model.color, opacity: model.opacity })}::jsonb,
       ${model.sourceVersion}, 'cardiomap-surface')
     RETURNING id`,
  );
  await query(sql`INSERT INTO viewer_configs (study_id) VALUES (${model.studyId}) ON CONFLICT (study_id) DO NOTHING`);
  const visualisationId = await preliminaryVisualisation(query, model.studyId, analysisId);
  await query(
    sql`INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color, opacity, max_opacity)
     VALUES (${visualisationId}, ${model.studyId}, ${(resource as { id: string }).id}, ${model.name}, ${model.color},
       ${model.opacity}, 1)`,
  );
  return replaced.map((r) => r.storageKey).filter((key) => key !== model.storageKey);
}

async function preliminaryVisualisation(query: Query, studyId: string, analysisId: string): Promise<string> {
  const [existing] = await query<{ id: string }>(
    sql`SELECT id FROM visualisations WHERE analysis_id = ${analysisId} LIMIT 1`,
  );
  if (existing) return existing.id;
  const [created] = await query<{ id: string }>(
    sql`INSERT INTO visualisations (study_id, analysis_id, name) VALUES (${studyId}, ${analysisId},
      ${PRELIMINARY_ANALYSIS_NAME}) RETURNING id`,
  );
  return (created as { id: string }).id;
}

/**
 * Removes the study's preliminary model (the volume now in place has no contrast to model): the analysis
 * and, by cascade, its resources, visualisation and objects. Answers the storage keys to delete.
 */
export async function removePreliminaryModel(query: Query, studyId: string): Promise<string[]> {
  const removed = await query<{ storageKey: string }>(
    sql`DELETE FROM analysis_resources
      WHERE analysis_id IN (SELECT id FROM analyses WHERE study_id = ${studyId} AND is_preliminary)
      RETURNING storage_key AS "storageKey"`,
  );
  await query(sql`DELETE FROM analyses WHERE study_id = ${studyId} AND is_preliminary`);
  return removed.map((r) => r.storageKey);
}
