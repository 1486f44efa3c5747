import { AnalysisResourceType, AnalysisType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

export const PRELIMINARY_ANALYSIS_NAME = 'Preliminary 3D model';

/** A file of the preliminary analysis: a scene object (mesh) or the label volume it was made from. */
export interface PreliminaryFile {
  /** The scene object's name, shown in the 3D scene and the Object Settings tab. */
  name: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  size: number;
  attributes: Record<string, unknown>;
}

export interface PreliminaryObject extends PreliminaryFile {
  color: string;
  opacity: number;
}

export interface PreliminaryModel {
  studyId: string;
  /** The scene objects, in the order the scene lists them (one per structure of the automatic anatomy). */
  objects: PreliminaryObject[];
  /** The label volume the meshes were made from (segmentation volume resource), when there is one. */
  segmentation?: PreliminaryFile;
  /** The Details tab's results of the analysis. */
  results: { name: string; value: number | string; unit?: string }[];
  sourceVersion: string;
}

/**
 * The study's one preliminary analysis (type 1, anatomical), made or kept, holding exactly this model's
 * files as its resources. A re-run replaces the resources (their scene objects go with them, by cascade)
 * and keeps the analysis, so it never duplicates. The upsert locks the analysis row, so two runs for one
 * study take turns. Answers the ids (the objects' resources in the model's order), and the storage keys
 * it replaced, to delete after commit.
 */
export async function upsertPreliminaryAnalysis(
  query: Query,
  model: PreliminaryModel,
): Promise<{ analysisId: string; objectResourceIds: string[]; replacedKeys: string[] }> {
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
  const insert = async (type: number, file: PreliminaryFile, attributes: Record<string, unknown>) => {
    const [resource] = await query<{ id: string }>(
      sql`INSERT INTO analysis_resources (analysis_id, type, name, filename, mime_type, storage_key, size, upload_successful,
                                       attributes, source_version, source_client)
       VALUES (${analysisId}, ${type}, ${file.name}, ${file.filename}, ${file.mimeType},
         ${file.storageKey}, ${file.size}, true, ${JSON.stringify(attributes)}::jsonb,
         ${model.sourceVersion}, 'cardiomap-surface')
       RETURNING id`,
    );
    return (resource as { id: string }).id;
  };
  const objectResourceIds: string[] = [];
  for (const object of model.objects) {
    const attributes = { ...object.attributes, name: object.name, color: object.color, opacity: object.opacity };
    objectResourceIds.push(await insert(AnalysisResourceType.SCENE_OBJECT, object, attributes));
  }
  if (model.segmentation) {
    await insert(AnalysisResourceType.SEGMENTATION_VOLUME, model.segmentation, model.segmentation.attributes);
  }
  const kept = new Set(
    [...model.objects, ...(model.segmentation ? [model.segmentation] : [])].map((f) => f.storageKey),
  );
  return {
    analysisId,
    objectResourceIds,
    replacedKeys: replaced.map((r) => r.storageKey).filter((key) => !kept.has(key)),
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
