import { GeometryType, LandmarkKind, ViewType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { interventions, landmarkTypes } from '../schema/index.ts';

/** Stable ids, so landmarks placed on one installation keep their type across re-seeds and upgrades. */
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface LandmarkTypeSeed {
  id: string;
  prefix: 'TAVI' | 'LAAO';
  name: string;
  kind: LandmarkKind;
  geometryType: GeometryType;
  viewType: ViewType;
  color: string;
}

const type = (
  n: number,
  prefix: LandmarkTypeSeed['prefix'],
  name: string,
  kind: LandmarkKind,
  geometryType: GeometryType,
  viewType: ViewType,
  color: string,
): LandmarkTypeSeed => ({ id: id(n), prefix, name, kind, geometryType, viewType, color });

const { CLOSED_CURVE, DISTANCE } = GeometryType;
const { AORTIC_ROOT, FEMORAL } = LandmarkKind;
const { AXIAL, CORONAL, SAGITTAL } = ViewType;

/**
 * The predefined landmarks an analyst places for TAVI and LAAO planning, in the order the Details tab
 * lists them: the aortic root from the annulus up, then coronary heights and the septum, then access.
 * Cross-sections are closed curves drawn on the (oblique) axial plane; heights are distances on the
 * long-axis planes. Spec §3 knows two kinds only (aortic root 0, femoral 1): the LAAO landmarks lie in
 * the heart, not on the access route, so they are kind 0.
 */
export const LANDMARK_TYPES: readonly LandmarkTypeSeed[] = [
  type(0x1a01, 'TAVI', 'Annulus', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#e63946'),
  type(0x1a02, 'TAVI', 'LVOT', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#f4a261'),
  type(0x1a03, 'TAVI', 'Sinus of Valsalva', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#2a9d8f'),
  type(0x1a04, 'TAVI', 'Sinotubular junction (STJ)', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#457b9d'),
  type(0x1a05, 'TAVI', 'Ascending aorta', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#8d5cf6'),
  type(0x1a06, 'TAVI', 'Left coronary ostium height', AORTIC_ROOT, DISTANCE, CORONAL, '#ffb703'),
  type(0x1a07, 'TAVI', 'Right coronary ostium height', AORTIC_ROOT, DISTANCE, SAGITTAL, '#fb8500'),
  type(0x1a08, 'TAVI', 'Membranous septum length', AORTIC_ROOT, DISTANCE, CORONAL, '#06d6a0'),
  type(0x1a09, 'TAVI', 'Left femoral minimal diameter', FEMORAL, CLOSED_CURVE, AXIAL, '#118ab2'),
  type(0x1a0a, 'TAVI', 'Right femoral minimal diameter', FEMORAL, CLOSED_CURVE, AXIAL, '#ef476f'),
  type(0x1a21, 'LAAO', 'LAA ostium', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#e63946'),
  type(0x1a22, 'LAAO', 'Landing zone', AORTIC_ROOT, CLOSED_CURVE, AXIAL, '#2a9d8f'),
  type(0x1a23, 'LAAO', 'LAA depth', AORTIC_ROOT, DISTANCE, CORONAL, '#ffb703'),
];

/** Applied at every start: keyed by id, so a re-run updates names, colours and order and adds new types. */
export async function seedLandmarkTypes(db: Db): Promise<void> {
  const interventionIds = new Map(
    (await db.select({ id: interventions.id, prefix: interventions.prefix }).from(interventions)).map((i) => [
      i.prefix,
      i.id,
    ]),
  );
  const rows = LANDMARK_TYPES.map(({ prefix, ...type }, index) => ({
    ...type,
    interventionId: interventionIds.get(prefix) ?? null,
    order: index + 1,
  }));
  await db
    .insert(landmarkTypes)
    .values(rows)
    .onConflictDoUpdate({
      target: landmarkTypes.id,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        geometryType: sql`excluded.geometry_type`,
        viewType: sql`excluded.view_type`,
        interventionId: sql`excluded.intervention_id`,
        color: sql`excluded.color`,
        order: sql`excluded."order"`,
      },
    });
}
