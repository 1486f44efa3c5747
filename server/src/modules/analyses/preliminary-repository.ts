import { AnalysisResourceType, AnalysisType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

export const PRELIMINARY_ANALYSIS_NAME = 'Preliminary 3D model';

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
 * The study's one preliminary analysis (type 1, anatomical), made or kept, holding exactly this model as
 * its scene object resource. A re-run replaces the resource (its scene object goes with it, by cascade)
 * and keeps the analysis, so it never duplicates. The upsert locks the analysis row, so two runs for one
 * study take turns. Answers the ids, and the storage keys it replaced, to delete after commit.
 */
export async function upsertPreliminaryAnalysis(
  query: Query,
  model: PreliminaryModel,
): Promise<{ analysisId: string; resourceId: string; replacedKeys: string[] }> {
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
  return {
    analysisId,
    resourceId: (resource as { id: string }).id,
    replacedKeys: replaced.map((r) => r.storageKey).filter((key) => key !== model.storageKey),
  };
}

/**
 * Removes the study's preliminary analysis and, by cascade, its resources, visualisation and objects.
 * Answers the storage keys to delete.
 */
export async function deletePreliminaryAnalysis(query: Query, studyId: string): Promise<string[]> {
  const removed = await query<{ storageKey: string }>(
    sql`DELETE FROM analysis_resources
      WHERE analysis_id IN (SELECT id FROM analyses WHERE study_id = ${studyId} AND is_preliminary)
      RETURNING storage_key AS "storageKey"`,
  );
  await query(sql`DELETE FROM analyses WHERE study_id = ${studyId} AND is_preliminary`);
  return removed.map((r) => r.storageKey);
}

/** The delivered analysis now belongs to the order it was delivered with. */
export async function setAnalysisOrder(query: Query, analysisId: string, orderId: string): Promise<void> {
  await query(sql`UPDATE analyses SET order_id = ${orderId} WHERE id = ${analysisId}`);
}
