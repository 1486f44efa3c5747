import { sql } from 'drizzle-orm';
import { pageOfRows, type Query } from '../../db/query.ts';

/** The drawing settings of a scene object, as the contract names them. */
export interface ObjectSettings {
  name: string;
  color: string;
  opacity: number;
  maxOpacity: number;
  isVisible: boolean;
  isDoubleSided: boolean;
  isEditable: boolean;
  renderOrder: number;
  hasDepthTestEnabled: boolean;
  hasFlatShadingEnabled: boolean;
  isAffectedByLighting: boolean;
  objectOrder: number;
}

export interface VisualisationObjectRow extends ObjectSettings {
  id: string;
  visualisationId: string;
  studyId: string;
  caseId: string;
  analysisResourceId: string | null;
  /** Of the analysis resource, for the viewer load to sign a read URL. */
  resourceKey: string | null;
  resourceFilename: string | null;
  resourceMimeType: string | null;
  resourceUploaded: boolean | null;
  resourceAnalysisId: string | null;
  /** Drawn from the preliminary model (its mesh, or in its visualisation): staff-only in the viewer load. */
  isPreliminary: boolean;
}

/** Contract field → column, for inserts and partial updates. */
const COLUMN_OF: Record<keyof ObjectSettings, string> = {
  name: 'name',
  color: 'color',
  opacity: 'opacity',
  maxOpacity: 'max_opacity',
  isVisible: 'is_visible',
  isDoubleSided: 'is_double_sided',
  isEditable: 'is_editable',
  renderOrder: 'render_order',
  hasDepthTestEnabled: 'has_depth_test_enabled',
  hasFlatShadingEnabled: 'has_flat_shading_enabled',
  isAffectedByLighting: 'is_affected_by_lighting',
  objectOrder: 'object_order',
};

/** Drawn from the preliminary model: its mesh (the resource's analysis) or in its visualisation. */
const OBJECT_IS_PRELIMINARY = sql`EXISTS (SELECT 1 FROM analyses pa JOIN visualisations pv ON pv.id = o.visualisation_id
  WHERE pa.is_preliminary AND (pa.id = r.analysis_id OR pa.id = pv.analysis_id))`;
const OBJECT_FROM = sql`FROM visualisation_objects o JOIN studies s ON s.id = o.study_id
    LEFT JOIN analysis_resources r ON r.id = o.analysis_resource_id`;

const OBJECT_SELECT = sql`
  SELECT o.id, o.visualisation_id AS "visualisationId", o.study_id AS "studyId", s.case_id AS "caseId",
         o.analysis_resource_id AS "analysisResourceId", ${sql.join(
           Object.entries(COLUMN_OF).map(
             ([field, column]) => sql`o.${sql.identifier(column)} AS ${sql.identifier(field)}`,
           ),
           sql`, `,
         )},
         r.storage_key AS "resourceKey", r.filename AS "resourceFilename", r.mime_type AS "resourceMimeType",
         r.upload_successful AS "resourceUploaded", r.analysis_id AS "resourceAnalysisId",
         ${OBJECT_IS_PRELIMINARY} AS "isPreliminary"
    ${OBJECT_FROM}`;
const OBJECT_ORDER = sql`ORDER BY o.object_order, o.date_created, o.id`;

export async function findObject(query: Query, id: string): Promise<VisualisationObjectRow | undefined> {
  const [row] = await query<VisualisationObjectRow>(sql`${OBJECT_SELECT} WHERE o.id = ${id}`);
  return row;
}

export async function objectsOfStudy(query: Query, studyId: string): Promise<VisualisationObjectRow[]> {
  return query<VisualisationObjectRow>(sql`${OBJECT_SELECT} WHERE o.study_id = ${studyId} ${OBJECT_ORDER}`);
}

/** Objects of one study, optionally of one of its visualisations; the preliminary model's only for staff. */
export async function listObjects(
  query: Query,
  filter: { studyId: string; visualisationId: string | null; withPreliminary: boolean },
  window: { limit: number; offset: number },
) {
  const where = sql`WHERE o.study_id = ${filter.studyId}
    AND (${filter.visualisationId}::uuid IS NULL OR o.visualisation_id = ${filter.visualisationId})
    AND (${filter.withPreliminary}::boolean OR NOT ${OBJECT_IS_PRELIMINARY})`;
  return pageOfRows<VisualisationObjectRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count ${OBJECT_FROM} ${where}`,
      rows: sql`${OBJECT_SELECT} ${where} ${OBJECT_ORDER}`,
    },
    window,
  );
}

export async function insertObject(
  query: Query,
  row: Partial<ObjectSettings> & {
    name: string;
    visualisationId: string;
    studyId: string;
    analysisResourceId: string | null;
  },
): Promise<string> {
  const settings = Object.entries(COLUMN_OF).filter(([field]) => row[field as keyof ObjectSettings] !== undefined);
  const columns = ['visualisation_id', 'study_id', 'analysis_resource_id', ...settings.map(([, column]) => column)];
  const values = [
    row.visualisationId,
    row.studyId,
    row.analysisResourceId,
    ...settings.map(([field]) => row[field as keyof ObjectSettings]),
  ];
  const [inserted] = await query<{ id: string }>(
    sql`INSERT INTO visualisation_objects (${sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    )})
        VALUES (${sql.join(
          values.map((value) => sql`${value ?? null}`),
          sql`, `,
        )}) RETURNING id`,
  );
  if (!inserted) throw new Error('Visualisation object insert returned nothing');
  return inserted.id;
}

export async function updateObject(query: Query, id: string, change: Partial<ObjectSettings>): Promise<void> {
  const settings = Object.entries(COLUMN_OF).filter(([field]) => change[field as keyof ObjectSettings] !== undefined);
  if (settings.length === 0) return;
  const sets = settings.map(
    ([field, column]) => sql`${sql.identifier(column)} = ${change[field as keyof ObjectSettings] ?? null}`,
  );
  await query(sql`UPDATE visualisation_objects SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

export async function deleteObject(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM visualisation_objects WHERE id = ${id}`);
}

/**
 * The object order after every object of the study's scene, never below 0: the preliminary model's start
 * block lies below what an analyst can give.
 */
export async function nextObjectOrder(query: Query, studyId: string): Promise<number> {
  const [{ next } = { next: 0 }] = await query<{ next: number }>(
    sql`SELECT GREATEST(COALESCE(max(object_order) + 1, 0), 0)::int AS next FROM visualisation_objects WHERE study_id = ${studyId}`,
  );
  return next;
}
