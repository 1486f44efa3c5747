/**
 * The landmark truths of an anatomy phantom, computed from its construction (not from the voxels):
 * annulus (virtual basal ring through the three hinge points), LVOT, sinuses, STJ, ascending aorta,
 * coronary ostia, LAA ostium and depth, calcium, the optimal C-arm projection curve, and the analytic
 * lumen volume of root + LVOT.
 */
import { type CUSPS, LVOT_LENGTH, rootVolumeMl } from './aortic-root.ts';
import { type CArmAngles, projectionCurve } from './c-arm.ts';
import { dot, type EllipseMeasures, ellipseMeasures, sub, type Vec3 } from './geometry.ts';
import type { Heart } from './heart.ts';
import type { Anatomy } from './heart-frame.ts';
import type { LaaTruth } from './laa.ts';

/** Depth below the annulus at which the LVOT is measured (mm). */
export const LVOT_DEPTH = 5;

export interface PlaneSection extends EllipseMeasures {
  centre: Vec3;
  normal: Vec3;
}

export interface AnatomyTruth {
  annulus: PlaneSection & {
    hingePoints: Record<(typeof CUSPS)[number], Vec3>;
    /** Direction of the maximum diameter. */
    majorAxis: Vec3;
  };
  /** Elliptic section `LVOT_DEPTH` mm below the annulus, parallel to it. */
  lvot: PlaneSection & { depthBelowAnnulus: number };
  /** Sinus-to-opposite-commissure diameters at the sinuses' mid-height, per cusp (mm). */
  sinus: { height: number; diameters: Record<(typeof CUSPS)[number], number> };
  stj: { centre: Vec3; height: number; diameter: number };
  ascendingAorta: { centre: Vec3; heightAboveAnnulus: number; diameter: number };
  coronaryOstia: {
    left: { position: Vec3; heightAboveAnnulus: number };
    right: { position: Vec3; heightAboveAnnulus: number };
  };
  laa: LaaTruth;
  calcium: { centre: Vec3; radius: number; hu: number }[];
  /** Sum of the calcium spheres' volumes (mm³; they do not overlap by construction). */
  calciumVolume: number;
  /** Optimal projection curve: LAO/RAO −60…60 every 5°, CRA/CAU viewing the annulus edge-on (see c-arm.ts). */
  projectionCurve: CArmAngles[];
  /** Lumen volume of aortic root + LVOT (label 2) from the model, ml. */
  rootVolumeMl: number;
  /** Highest point of the aorta's centreline (the arch's top) in patient space. */
  archTop: Vec3;
}

export function anatomyTruth(a: Anatomy, heart: Heart): AnatomyTruth {
  const { root, heart: f } = a;
  const normal = f.z;
  const hinge = (i: number): Vec3 => {
    const theta = root.cuspAngles[i]!;
    const r = root.radius(theta, 0);
    return a.hf([r * Math.cos(theta), r * Math.sin(theta), 0]);
  };
  const lvotScale = 1 + (root.lvotTaper - 1) * (LVOT_DEPTH / LVOT_LENGTH);
  const mid = root.stjHeight / 2;
  const sinusDiameter = (i: number) => {
    const theta = root.cuspAngles[i]!;
    return root.radius(theta, mid) + root.radius(theta + Math.PI, mid);
  };
  const height = (p: Vec3) => dot(sub(p, f.origin), normal);
  const { left, right } = heart.coronaries;
  const ascendingHeight = root.stjHeight + 25;
  return {
    annulus: {
      centre: f.origin,
      normal,
      ...ellipseMeasures(root.major, root.minor),
      hingePoints: { right: hinge(0), left: hinge(1), 'non-coronary': hinge(2) },
      majorAxis: sub(a.hf([Math.cos(root.majorAngle), Math.sin(root.majorAngle), 0]), f.origin),
    },
    lvot: {
      centre: a.hf([0, 0, -LVOT_DEPTH]),
      normal,
      ...ellipseMeasures(root.major * lvotScale, root.minor * lvotScale),
      depthBelowAnnulus: LVOT_DEPTH,
    },
    sinus: {
      height: mid,
      diameters: { right: sinusDiameter(0), left: sinusDiameter(1), 'non-coronary': sinusDiameter(2) },
    },
    stj: { centre: a.hf([0, 0, root.stjHeight]), height: root.stjHeight, diameter: 2 * root.stjRadius },
    ascendingAorta: {
      centre: a.aorta.points[a.ascendingIndex]!,
      heightAboveAnnulus: ascendingHeight,
      diameter: 2 * a.aorta.radii[a.ascendingIndex]!,
    },
    coronaryOstia: {
      left: { position: left.ostium, heightAboveAnnulus: height(left.ostium) },
      right: { position: right.ostium, heightAboveAnnulus: height(right.ostium) },
    },
    laa: heart.laa.truth,
    calcium: heart.calcium,
    calciumVolume: heart.calcium.reduce((sum, c) => sum + (4 / 3) * Math.PI * c.radius ** 3, 0),
    projectionCurve: projectionCurve(normal),
    rootVolumeMl: rootVolumeMl(root),
    archTop: a.aorta.points[a.archTopIndex]!,
  };
}
