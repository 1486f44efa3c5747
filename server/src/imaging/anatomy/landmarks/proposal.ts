/**
 * The typed result of the landmark proposals, shaped like the product's landmark model (contract
 * `landmarkSchema`: geometry type, points, plane normal and centroid, measurements by the same keys)
 * so a later step can store each as a landmark marked proposed. A structure that is not found gives no
 * proposal but the reason, never a value that might be wrong.
 */
import { GeometryType } from '@cardiomap/contract';
import type { Vec3 } from '../../types.ts';
import type { SectionMeasures } from './section.ts';

export interface ProposedLandmark {
  /** Name of the seeded landmark type it fills (server/src/db/seed/landmark-types.ts). */
  typeName: string;
  /** 2 closed curve, 3 distance, 4 point. */
  geometryType: typeof GeometryType.CLOSED_CURVE | typeof GeometryType.DISTANCE | typeof GeometryType.POINT;
  /** Patient space (LPS, mm): a closed curve's contour, a distance's two ends, or one point. */
  points: Vec3[];
  /** Plane of a closed curve (unit normal) and its centre. */
  normal: Vec3 | null;
  centroid: Vec3 | null;
  /** mm and mm², keys as in the contract's landmark measurements. */
  measurements: Partial<SectionMeasures> & Record<string, number>;
  /** Always true: an analyst confirms, edits or deletes it; publishing stays manual. */
  proposed: true;
}

export type Found<T> = { found: true } & T;
export interface Missing {
  found: false;
  reason: string;
}
export type Proposal<T> = Found<T> | Missing;

export const missing = (reason: string): Missing => ({ found: false, reason });

export function closedCurve(
  typeName: string,
  section: { contour: Vec3[]; frame: { centre: Vec3; normal: Vec3 }; measures: SectionMeasures },
  extra: Record<string, number> = {},
): ProposedLandmark {
  return {
    typeName,
    geometryType: GeometryType.CLOSED_CURVE,
    points: section.contour,
    normal: section.frame.normal,
    centroid: section.frame.centre,
    measurements: { ...section.measures, ...extra },
    proposed: true,
  };
}

export function distance(typeName: string, from: Vec3, to: Vec3): ProposedLandmark {
  return {
    typeName,
    geometryType: GeometryType.DISTANCE,
    points: [from, to],
    normal: null,
    centroid: null,
    measurements: { distance: Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]) },
    proposed: true,
  };
}

export function point(typeName: string, at: Vec3): ProposedLandmark {
  return {
    typeName,
    geometryType: GeometryType.POINT,
    points: [at],
    normal: null,
    centroid: at,
    measurements: {},
    proposed: true,
  };
}
