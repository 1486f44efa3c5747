import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/** The study's stored legacy config (the newest, if an interrupted replacement ever left two). */
export async function findLegacyConfig(
  query: Query,
  studyId: string,
): Promise<{ id: string; storageKey: string; size: number | null } | null> {
  const [row] = await query<{ id: string; storageKey: string; size: number | null }>(
    sql`SELECT id, storage_key AS "storageKey", size FROM study_resources
         WHERE study_id = ${studyId} AND type = 0 AND attributes->>'kind' = 'legacy-config'
         ORDER BY date_created DESC, id DESC LIMIT 1`,
  );
  return row ?? null;
}

export interface LegacyFileRow {
  id: string;
  filename: string;
  mimeType: string;
  storageKey: string;
}

/**
 * The study's own resources among the ids a legacy config names, and only those with a file: analysis
 * resources of this study's analyses (uploaded; the preliminary model's only when `withPreliminary`,
 * issue 30 §3) and this study's resources with a stored file. An id of another study finds nothing.
 */
export async function findLegacyFiles(
  query: Query,
  studyId: string,
  ids: { analysisResourceIds: string[]; studyResourceIds: string[] },
  withPreliminary: boolean,
): Promise<{ analysisResources: LegacyFileRow[]; studyResources: LegacyFileRow[] }> {
  const columns = sql`r.id, r.filename, r.mime_type AS "mimeType", r.storage_key AS "storageKey"`;
  const [analysisResources, studyResources] = await Promise.all([
    ids.analysisResourceIds.length === 0
      ? []
      : query<LegacyFileRow>(
          sql`SELECT ${columns} FROM analysis_resources r JOIN analyses a ON a.id = r.analysis_id
               WHERE a.study_id = ${studyId} AND r.id = ANY(${sql.param(ids.analysisResourceIds)}::uuid[])
                 AND r.upload_successful AND (${withPreliminary} OR NOT a.is_preliminary)`,
        ),
    ids.studyResourceIds.length === 0
      ? []
      : query<LegacyFileRow>(
          sql`SELECT ${columns} FROM study_resources r
               WHERE r.study_id = ${studyId} AND r.id = ANY(${sql.param(ids.studyResourceIds)}::uuid[])
                 AND r.size IS NOT NULL`,
        ),
  ]);
  return { analysisResources, studyResources };
}
