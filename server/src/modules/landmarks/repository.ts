import type { Vec3 } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import { pageOfRows, type Query } from '../../db/query.ts';

type Timestamp = Date | string;

const LANDMARK_SELECT = sql`
  SELECT l.id, l.analysis_id AS "analysisId", a.study_id AS "studyId", s.case_id AS "caseId",
         l.landmark_type_id AS "landmarkTypeId", t.name AS "typeName", t.color AS "typeColor", l.name,
         l.description, l.geometry_type AS "geometryType", l.view_type AS "viewType", l.points, l.normal,
         l.centroid, l.reslice_rotation AS "resliceRotation", l.reslice_center AS "resliceCenter",
         l.measurements, l.color, l.source_client AS "sourceClient", l.source_version AS "sourceVersion",
         l.is_enabled AS "isEnabled", l.is_published AS "isPublished", l.is_visible AS "isVisible",
         l.created_by_id AS "createdById", l.date_created AS "dateCreated", l.date_modified AS "dateModified",
         l.phase_id AS "phaseId", p.phase_label AS "phaseStoredLabel"
    FROM landmarks l
    JOIN analyses a ON a.id = l.analysis_id
    JOIN studies s ON s.id = a.study_id
    LEFT JOIN landmark_types t ON t.id = l.landmark_type_id
    LEFT JOIN study_resources p ON p.id = l.phase_id`;
const ORDER = sql`ORDER BY l.date_created, l.id`;

export async function findLandmark(query: Query, id: string): Promise<LandmarkRow | undefined> {
  const [row] = await query<LandmarkRow>(sql`${LANDMARK_SELECT} WHERE l.id = ${id}`);
  return row;
}

export async function listLandmarksOfAnalysis(
  query: Query,
  analysisId: string,
  publishedOnly: boolean,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: LandmarkRow[] }> {
  const where = sql`WHERE l.analysis_id = ${analysisId} AND (l.is_published OR NOT ${publishedOnly})`;
  return pageOfRows<LandmarkRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM landmarks l ${where}`,
      rows: sql`${LANDMARK_SELECT} ${where} ${ORDER}`,
    },
    window,
  );
}

/** Every landmark of a study's analyses (the viewer loads them all at once). */
export async function allLandmarksOfStudy(query: Query, studyId: string, publishedOnly: boolean) {
  return query<LandmarkRow>(
    sql`${LANDMARK_SELECT} WHERE a.study_id = ${studyId} AND (l.is_published OR NOT ${publishedOnly}) ${ORDER}`,
  );
}

/** What a stored landmark is made of; the server fills measurements, name and the flags. */
export interface LandmarkValues {
  analysisId: string;
  landmarkTypeId: string | null;
  name: string;
  description: string;
  geometryType: number;
  viewType: number;
  points: Vec3[];
  normal: Vec3 | null;
  centroid: Vec3 | null;
  resliceRotation: number[] | null;
  resliceCenter: Vec3 | null;
  measurements: Record<string, number>;
  color: string | null;
  sourceClient: string;
  sourceVersion: string;
  isPublished: boolean;
  isEnabled: boolean;
  isVisible: boolean;
  createdById: string;
  /** Issue 28: the cardiac phase (volume) it was placed on; null for landmarks placed before phases. */
  phaseId: string | null;
}

export interface LandmarkRow extends LandmarkValues {
  id: string;
  studyId: string;
  caseId: string;
  typeName: string | null;
  typeColor: string | null;
  /** The phase's label as stored; null for a volume stored before phases ('Single phase'). */
  phaseStoredLabel: string | null;
  dateCreated: Timestamp;
  dateModified: Timestamp;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertLandmark(query: Query, v: LandmarkValues): Promise<string> {
  const [row] = await query<{ id: string }>(
    sql`INSERT INTO landmarks (analysis_id, landmark_type_id, name, description, geometry_type, view_type, points, normal,
                            centroid, reslice_rotation, reslice_center, measurements, color, source_client,
                            source_version, is_published, is_enabled, is_visible, created_by_id, phase_id)
     VALUES (${v.analysisId}, ${v.landmarkTypeId}, ${v.name}, ${v.description}, ${v.geometryType}, ${v.viewType},
       ${json(v.points)}::jsonb, ${json(v.normal)}::jsonb, ${json(v.centroid)}::jsonb,
       ${json(v.resliceRotation)}::jsonb, ${json(v.resliceCenter)}::jsonb, ${json(v.measurements)}::jsonb, ${v.color},
       ${v.sourceClient},
             ${v.sourceVersion}, ${v.isPublished}, ${v.isEnabled}, ${v.isVisible}, ${v.createdById}, ${v.phaseId})
     RETURNING id`,
  );
  if (!row) throw new Error('landmarks insert returned nothing');
  return row.id;
}

/** The columns a patch may change, with the SQL cast each value needs. */
const PATCHABLE = {
  name: ['name', ''],
  description: ['description', ''],
  viewType: ['view_type', ''],
  points: ['points', '::jsonb'],
  normal: ['normal', '::jsonb'],
  centroid: ['centroid', '::jsonb'],
  resliceRotation: ['reslice_rotation', '::jsonb'],
  resliceCenter: ['reslice_center', '::jsonb'],
  measurements: ['measurements', '::jsonb'],
  color: ['color', ''],
  isVisible: ['is_visible', ''],
  phaseId: ['phase_id', ''],
} as const;
export type LandmarkPatch = { -readonly [K in keyof typeof PATCHABLE]?: LandmarkValues[K] };

/** One UPDATE of the given fields (and dateModified): concurrent patches each apply whole, none loses the row. */
export async function updateLandmark(query: Query, id: string, patch: LandmarkPatch): Promise<void> {
  const sets = [sql`date_modified = now()`];
  for (const [field, [column, cast]] of Object.entries(PATCHABLE)) {
    if (!(field in patch)) continue;
    const value = patch[field as keyof LandmarkPatch] ?? null;
    sets.push(
      cast === '::jsonb'
        ? sql`${sql.identifier(column)} = ${json(value)}::jsonb`
        : sql`${sql.identifier(column)} = ${value}`,
    );
  }
  await query(sql`UPDATE landmarks SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Spec §4: publish and unpublish toggle isPublished and isEnabled together. */
export async function setLandmarkPublished(query: Query, id: string, published: boolean): Promise<void> {
  await query(
    sql`UPDATE landmarks SET is_published = ${published}, is_enabled = ${published}, date_modified = now()
      WHERE id = ${id}`,
  );
}

export async function deleteLandmark(query: Query, id: string): Promise<void> {
  await query(sql`DELETE FROM landmarks WHERE id = ${id}`);
}

export interface LandmarkTypeRow {
  id: string;
  name: string;
  kind: number;
  geometryType: number;
  viewType: number;
  interventionId: string | null;
  color: string;
  order: number;
}

const TYPE_SELECT = sql`
  SELECT id, name, kind, geometry_type AS "geometryType", view_type AS "viewType",
         intervention_id AS "interventionId", color, "order"
    FROM landmark_types`;

export async function findLandmarkType(query: Query, id: string): Promise<LandmarkTypeRow | undefined> {
  const [row] = await query<LandmarkTypeRow>(sql`${TYPE_SELECT} WHERE id = ${id}`);
  return row;
}

export async function listLandmarkTypeRows(
  query: Query,
  interventionId: string | null,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: LandmarkTypeRow[] }> {
  const where = sql`WHERE (${interventionId}::uuid IS NULL OR intervention_id = ${interventionId})`;
  return pageOfRows<LandmarkTypeRow>(
    query,
    {
      count: sql`SELECT count(*)::int AS count FROM landmark_types ${where}`,
      rows: sql`${TYPE_SELECT} ${where} ORDER BY "order", name, id`,
    },
    window,
  );
}

export async function allLandmarkTypeRows(query: Query): Promise<LandmarkTypeRow[]> {
  return query<LandmarkTypeRow>(sql`${TYPE_SELECT} ORDER BY "order", name, id`);
}
