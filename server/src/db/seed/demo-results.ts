import { randomUUID } from 'node:crypto';
import { AnalysisResourceType, AnalysisType, GeometryType, OrderStatus, ViewType } from '@cardiomap/contract';
import { measureLandmark } from '@cardiomap/domain';
import { sql } from 'drizzle-orm';
import { ensureStudy } from '../../modules/studies/index.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { DbOrTx } from '../client.ts';
import { type Query, queryOn } from '../query.ts';
import { binaryStl, demoAortaTriangles, phantomDiscAt } from './demo-aorta.ts';

/** The delivered demo case whose result a clinician can open ('View result'). */
export const DEMO_RESULT_PATIENT = 'DEMO-PAT-0003';
/** Who measured it: the demo analyst. */
const DEMO_ANALYST = 'case-analyst@cardiomap.test';

/** The phantom the demo cases are given as their images (demo-imaging.ts), in DICOM terms. */
export const DEMO_PHANTOM = { count: 96, rows: 192, columns: 192, spacing: 1.5, pixelSpacing: [0.8, 0.8] } as const;

type Vec3 = [number, number, number];

/**
 * The phantom's bright disc on its middle slice, in patient coordinates (mm): the disc is what the demo
 * landmarks measure, so they lie on the image wherever the viewer shows them.
 */
export function demoDisc(): { centre: Vec3; radius: number } {
  return phantomDiscAt(DEMO_PHANTOM, Math.floor(DEMO_PHANTOM.count / 2));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The two published landmarks: the disc's diameter (distance) and its outline (closed curve), axial. */
export function demoLandmarks(): { name: string; geometryType: GeometryType; points: Vec3[] }[] {
  const { centre, radius } = demoDisc();
  const [x, y, z] = centre;
  const outline = Array.from({ length: 32 }, (_, i): Vec3 => {
    const angle = (2 * Math.PI * i) / 32;
    return [round(x + radius * Math.cos(angle)), round(y + radius * Math.sin(angle)), z];
  });
  return [
    {
      name: 'Disc diameter',
      geometryType: GeometryType.DISTANCE,
      points: [
        [round(x - radius), y, z],
        [round(x + radius), y, z],
      ],
    },
    { name: 'Disc outline', geometryType: GeometryType.CLOSED_CURVE, points: outline },
  ];
}

/**
 * Gives the delivered demo case a delivered-looking anatomical analysis with results, two published
 * landmarks on the phantom and an "Aorta" mesh along the phantom's disc (the MPR contour toggle's
 * source, also drawn in the 3D scene), so a clinician opening 'View result' sees something. The study is the one
 * the case's ingest fills (ensureStudy makes it now or finds it). Runs at every demo start and leaves a
 * study that has any non-preliminary analysis alone, so an analyst's own work is never replaced.
 */
export async function seedDemoResults(db: DbOrTx, storage: ObjectStorage): Promise<void> {
  const query = queryOn(db);
  const [target] = await query<{ caseId: string; orderId: string; analystId: string }>(
    sql`SELECT c.id AS "caseId", o.id AS "orderId", u.id AS "analystId"
       FROM cases c JOIN orders o ON o.case_id = c.id
         AND o.status = ${OrderStatus.DELIVERED} JOIN users u ON u.email = ${DEMO_ANALYST}
      WHERE c.patient_identifier = ${DEMO_RESULT_PATIENT} ORDER BY o.date_created LIMIT 1`,
  );
  if (!target) return;
  const studyId = await ensureStudy(query, target.caseId);
  const existing = await query(sql`SELECT 1 FROM analyses WHERE study_id = ${studyId} AND NOT is_preliminary`);
  if (existing.length > 0) return;

  const landmarks = demoLandmarks().map((l) => ({ ...l, measurements: measureLandmark(l.geometryType, l.points) }));
  const outline = landmarks[1]?.measurements ?? {};
  const [analysis] = await query<{ id: string }>(
    sql`INSERT INTO analyses (study_id, type, name, order_id, results, created_by_id)
     VALUES (${studyId}, ${AnalysisType.ANATOMICAL}, 'Anatomical analysis', ${target.orderId}, ${JSON.stringify([
       { name: 'Disc perimeter', value: round(outline.perimeter ?? 0), unit: 'mm' },
       { name: 'Disc area', value: round(outline.area ?? 0), unit: 'mm²' },
     ])}::jsonb, ${target.analystId}) RETURNING id`,
  );
  for (const l of landmarks) {
    await query(
      sql`INSERT INTO landmarks (analysis_id, name, geometry_type, view_type, points, normal, centroid, measurements,
                              source_client, is_published, is_enabled, created_by_id)
       VALUES (${analysis?.id}, ${l.name}, ${l.geometryType}, ${ViewType.AXIAL},
         ${JSON.stringify(l.points)}::jsonb, '[0, 0, 1]'::jsonb, ${JSON.stringify(demoDisc().centre)}::jsonb,
         ${JSON.stringify(l.measurements)}::jsonb, 'demo-seed', true, true, ${target.analystId})`,
    );
  }
  if (analysis) await seedDemoAorta(query, storage, studyId, analysis.id);
}

/** The Aorta scene object: the file first, so no row ever points at a missing object. */
async function seedDemoAorta(query: Query, storage: ObjectStorage, studyId: string, analysisId: string) {
  const id = randomUUID();
  const storageKey = `analyses/${analysisId}/resources/${id}`;
  const stl = binaryStl(demoAortaTriangles(DEMO_PHANTOM));
  await storage.write(storageKey, stl, 'model/stl');
  await query(
    sql`INSERT INTO analysis_resources (id, analysis_id, type, name, filename, mime_type, storage_key, size,
                                     upload_successful, attributes, source_version, source_client)
     VALUES (${id}, ${analysisId}, ${AnalysisResourceType.SCENE_OBJECT}, 'Aorta', 'aorta.stl', 'model/stl',
       ${storageKey}, ${stl.length}, true, '{}'::jsonb,
             'demo', 'demo-seed')`,
  );
  await query(sql`INSERT INTO viewer_configs (study_id) VALUES (${studyId}) ON CONFLICT (study_id) DO NOTHING`);
  const [visualisation] = await query<{ id: string }>(
    sql`INSERT INTO visualisations (study_id, analysis_id, name) VALUES (${studyId},
      ${analysisId}, 'Anatomical analysis') RETURNING id`,
  );
  await query(
    sql`INSERT INTO visualisation_objects (visualisation_id, study_id, analysis_resource_id, name, color, opacity, max_opacity)
     VALUES (${visualisation?.id}, ${studyId}, ${id}, 'Aorta', '#d9534f', 0.6, 1)`,
  );
}
