import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/**
 * Puts an accepted mesh into the study's 3D scene: the analysis's visualisation (made on first use) and
 * an object drawing the resource in its colour. (The visualisations module reads these tables; it depends
 * on this module, so the write lives here, as the surface job's does.)
 */
export async function addSceneObject(
  query: Query,
  row: { studyId: string; analysisId: string; analysisName: string; resourceId: string; name: string; color: string },
): Promise<void> {
  await query(sql`INSERT INTO viewer_configs (study_id) VALUES (${row.studyId}) ON CONFLICT (study_id) DO NOTHING`);
  const [existing] = await query<{ id: string }>(
    sql`SELECT id FROM visualisations WHERE analysis_id = ${row.analysisId} ORDER BY date_created, id LIMIT 1`,
  );
  const visualisationId =
    existing?.id ??
    (
      await query<{ id: string }>(
        sql`INSERT INTO visualisations (study_id, analysis_id, name) VALUES (${row.studyId}, ${row.analysisId},
          ${row.analysisName}) RETURNING id`,
      )
    )[0]?.id;
  const [{ next } = { next: 0 }] = await query<{ next: number }>(
    sql`SELECT COALESCE(max(object_order) + 1, 0)::int AS next FROM visualisation_objects WHERE study_id = ${row.studyId}`,
  );
  await query(
    sql`INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color, object_order)
     VALUES (${visualisationId}, ${row.studyId}, ${row.resourceId}, ${row.name}, ${row.color}, ${next})`,
  );
}
