/**
 * The aortic root in the heart frame (x, y in the annulus plane, z along the annulus normal towards the
 * aorta, origin at the annulus centre): an elliptic annulus at z = 0, three sinus bulges that grow from
 * the annulus to mid-height and vanish again at the sinotubular junction (z = stjHeight, circular), and
 * the LVOT below as an elliptic frustum. The cusp hinge points lie on the annulus ellipse at the cusp
 * centres, so the virtual basal ring is exactly the plane z = 0.
 */
import { ellipsePerimeter, ellipseRadius, rad } from './geometry.ts';
import type { AnatomyVariant } from './variant.ts';

/** Length of the LVOT modelled below the annulus (mm). */
export const LVOT_LENGTH = 12;
/** Cusp names in the order of `cuspAngles`. */
export const CUSPS = ['right', 'left', 'non-coronary'] as const;

export interface AorticRoot {
  /** Annulus semi-axes (mm), major ≥ minor, and the major axis' angle in the frame (radians). */
  major: number;
  minor: number;
  majorAngle: number;
  /** Cusp centre angles (radians): right (anterior), left, non-coronary. */
  cuspAngles: [number, number, number];
  stjHeight: number;
  stjRadius: number;
  bulge: number;
  lvotTaper: number;
  /** Radius of the lumen at angle `theta` and height `z` (LVOT below 0), or 0 outside [-LVOT_LENGTH, stjHeight]. */
  radius(theta: number, z: number): number;
}

function wrap(angle: number): number {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

export function aorticRoot(v: AnatomyVariant): AorticRoot {
  // Semi-axes from the perimeter-derived diameter and the ratio: perimeter(a, ka) = a · perimeter(1, k).
  const major = (Math.PI * v.annulusDiameter) / ellipsePerimeter(1, v.annulusRatio);
  const minor = major * v.annulusRatio;
  const majorAngle = rad(v.annulusRotationDeg);
  const turn = rad(v.cuspRotationDeg);
  // Frame y is anterior, x the patient's left (before the tilt): right cusp anterior, left cusp
  // left-posterior, non-coronary right-posterior.
  const cuspAngles: [number, number, number] = [rad(90) + turn, rad(-30) + turn, rad(210) + turn];
  const stjRadius = ((major + minor) / 2) * v.stjRatio;
  const h = v.stjHeight;
  const lobe = (theta: number) => {
    let best = 0;
    for (const c of cuspAngles) {
      const d = wrap(theta - c);
      if (Math.abs(d) < Math.PI / 3) best = Math.max(best, Math.cos(1.5 * d) ** 2);
    }
    return best;
  };
  const annulus = (theta: number) => ellipseRadius(major, minor, theta - majorAngle);
  return {
    major,
    minor,
    majorAngle,
    cuspAngles,
    stjHeight: h,
    stjRadius,
    bulge: v.sinusBulge,
    lvotTaper: v.lvotTaper,
    radius(theta, z) {
      if (z < -LVOT_LENGTH || z > h) return 0;
      if (z <= 0) return annulus(theta) * (1 + (v.lvotTaper - 1) * (-z / LVOT_LENGTH));
      const t = z / h;
      return (1 - t) * annulus(theta) + t * stjRadius + v.sinusBulge * Math.sin(Math.PI * t) * lobe(theta);
    },
  };
}

/**
 * Approximate signed distance (mm) of a frame point to the root's wall: radial inside the root's height,
 * with the end caps beyond it. Good enough to carve walls of a given thickness between the root and
 * its neighbours.
 */
export function rootDistance(root: AorticRoot, q: [number, number, number]): number {
  const rho = Math.sqrt(q[0] * q[0] + q[1] * q[1]);
  const theta = Math.atan2(q[1], q[0]);
  const z = Math.min(root.stjHeight, Math.max(-LVOT_LENGTH, q[2]));
  const dr = rho - root.radius(theta, z);
  const dz = q[2] < -LVOT_LENGTH ? -LVOT_LENGTH - q[2] : q[2] > root.stjHeight ? q[2] - root.stjHeight : 0;
  if (dz === 0) return dr;
  const out = Math.max(dr, 0);
  return Math.sqrt(out * out + dz * dz);
}

/** Lumen volume of root + LVOT (ml) by quadrature of r²/2 over angle and height. */
export function rootVolumeMl(root: AorticRoot): number {
  const nTheta = 720;
  const nZ = 400;
  const z0 = -LVOT_LENGTH;
  const dz = (root.stjHeight - z0) / nZ;
  let sum = 0;
  for (let k = 0; k < nZ; k++) {
    const z = z0 + (k + 0.5) * dz;
    for (let i = 0; i < nTheta; i++) {
      const r = root.radius(((i + 0.5) * 2 * Math.PI) / nTheta, z);
      sum += r * r;
    }
  }
  return (sum * 0.5 * ((2 * Math.PI) / nTheta) * dz) / 1000;
}
