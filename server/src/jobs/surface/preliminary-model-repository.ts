import { AnalysisResourceType, AnalysisType, StudyResourceType } from '@cardiomap/contract';
import type { Query } from '../../db/query.ts';

export const PRELIMINARY_ANALYSIS_NAME = 'Preliminary 3D model';

export interface CaseVolume {
  status: number;
  studyId: string | null;
  volumeKey: string | null;
  volumeSize: number | null;
}

/** The case's status and its volume (study resource type 2), if ingest made one. */
export async function findCaseVolume(query: Query, caseId: string): Promise<CaseVolume | undefined> {
  const [row] = await query<CaseVolume>(
    `SELECT c.status, s.id AS "studyId", r.storage_key AS "volumeKey", r.size::float8 AS "volumeSize"
       FROM cases c
       LEFT JOIN studies s ON s.case_id = c.id
       LEFT JOIN study_resources r ON r.study_id = s.id AND r.type = ${StudyResourceType.DICOM_VOLUME}
      WHERE c.id = $1`,
    [caseId],
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
    `INSERT INTO analyses (study_id, type, name, is_preliminary, results)
     VALUES ($1, ${AnalysisType.ANATOMICAL}, $2, true, $3::jsonb)
     ON CONFLICT (study_id) WHERE is_preliminary DO UPDATE SET name = EXCLUDED.name, results = EXCLUDED.results
     RETURNING id`,
    [model.studyId, PRELIMINARY_ANALYSIS_NAME, JSON.stringify(model.results)],
  );
  const analysisId = (analysis as { id: string }).id;
  const replaced = await query<{ storageKey: string }>(
    'DELETE FROM analysis_resources WHERE analysis_id = $1 RETURNING storage_key AS "storageKey"',
    [analysisId],
  );
  const [resource] = await query<{ id: string }>(
    `INSERT INTO analysis_resources (analysis_id, type, name, filename, mime_type, storage_key, size, upload_successful,
                                     attributes, source_version, source_client)
     VALUES ($1, ${AnalysisResourceType.SCENE_OBJECT}, $2, $3, $4, $5, $6, true, $7::jsonb, $8, 'cardiomap-surface')
     RETURNING id`,
    [
      analysisId,
      model.name,
      model.filename,
      model.mimeType,
      model.storageKey,
      model.size,
      JSON.stringify({ ...model.attributes, name: model.name, color: model.color, opacity: model.opacity }),
      model.sourceVersion,
    ],
  );
  await query('INSERT INTO viewer_configs (study_id) VALUES ($1) ON CONFLICT (study_id) DO NOTHING', [model.studyId]);
  const visualisationId = await preliminaryVisualisation(query, model.studyId, analysisId);
  await query(
    `INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color, opacity, max_opacity)
     VALUES ($1, $2, $3, $4, $5, $6, 1)`,
    [visualisationId, model.studyId, (resource as { id: string }).id, model.name, model.color, model.opacity],
  );
  return replaced.map((r) => r.storageKey).filter((key) => key !== model.storageKey);
}

async function preliminaryVisualisation(query: Query, studyId: string, analysisId: string): Promise<string> {
  const [existing] = await query<{ id: string }>('SELECT id FROM visualisations WHERE analysis_id = $1 LIMIT 1', [
    analysisId,
  ]);
  if (existing) return existing.id;
  const [created] = await query<{ id: string }>(
    'INSERT INTO visualisations (study_id, analysis_id, name) VALUES ($1, $2, $3) RETURNING id',
    [studyId, analysisId, PRELIMINARY_ANALYSIS_NAME],
  );
  return (created as { id: string }).id;
}

/**
 * Removes the study's preliminary model (the volume now in place has no contrast to model): the analysis
 * and, by cascade, its resources, visualisation and objects. Answers the storage keys to delete.
 */
export async function removePreliminaryModel(query: Query, studyId: string): Promise<string[]> {
  const removed = await query<{ storageKey: string }>(
    `DELETE FROM analysis_resources
      WHERE analysis_id IN (SELECT id FROM analyses WHERE study_id = $1 AND is_preliminary)
      RETURNING storage_key AS "storageKey"`,
    [studyId],
  );
  await query('DELETE FROM analyses WHERE study_id = $1 AND is_preliminary', [studyId]);
  return removed.map((r) => r.storageKey);
}
