/**
 * The heart frame and the aorta's centreline, which every other structure is placed against.
 *
 * Heart frame: origin the annulus centre; before the tilt its axes are the patient's left (x), anterior
 * (y) and head (z). The tilt turns z into the annulus normal, tilted by `tiltDeg` from the head–foot axis
 * towards the patient's right and anterior (`tiltAzimuthDeg` from right towards anterior), as the aortic
 * root points up, right and forward; the chambers turn with it, so the heart axis is oblique.
 */
import { type AorticRoot, aorticRoot, rootDistance } from './aortic-root.ts';
import { catmullRom, cross, type Frame, normalize, rad, rotate, toLocal, toWorld, type Vec3 } from './geometry.ts';
import { type Tube, tubeDistance } from './shapes.ts';
import type { AnatomyVariant } from './variant.ts';

/** Annulus centre in patient space (mm); the thorax is centred on the z axis. */
export const ANNULUS_CENTRE: Vec3 = [-5, -30, 0];
/** Vertebral bodies: centre in the axial plane and radius (mm). */
export const SPINE_CENTRE: [number, number] = [0, 62];
export const SPINE_RADIUS = 17;

export interface Anatomy {
  v: AnatomyVariant;
  heart: Frame;
  root: AorticRoot;
  /** Ascending aorta from the STJ, arch, descending aorta (patient space). */
  aorta: Tube;
  /** Index of the aorta's point at the top of the arch, and of its point 25 mm above the STJ. */
  archTopIndex: number;
  ascendingIndex: number;
  /** Heart frame → patient space. */
  hf(q: Vec3): Vec3;
  /** Signed distance (mm) to the root + LVOT lumen and to the aorta's lumen. */
  rootDistance(p: Vec3): number;
  aortaDistance(p: Vec3): number;
}

export function heartFrame(v: AnatomyVariant): Frame {
  const tilt = rad(v.tiltDeg);
  const azimuth = rad(v.tiltAzimuthDeg);
  // LPS: right is −x, anterior is −y.
  const normal: Vec3 = [-Math.sin(tilt) * Math.cos(azimuth), -Math.sin(tilt) * Math.sin(azimuth), Math.cos(tilt)];
  const axis = normalize(cross([0, 0, 1], normal));
  return {
    origin: ANNULUS_CENTRE,
    x: rotate([1, 0, 0], axis, tilt),
    y: rotate([0, -1, 0], axis, tilt),
    z: normal,
  };
}

/**
 * `cardiacTop`: the highest z of the LA, LAA and pulmonary trunk (heart.ts); the arch passes at least
 * 25 mm over it, as in patients, so a scan cut off below the arch still holds the whole heart.
 */
export function anatomy(v: AnatomyVariant, cardiacTop = Number.NEGATIVE_INFINITY): Anatomy {
  const heart = heartFrame(v);
  const root = aorticRoot(v);
  const hf = (q: Vec3) => toWorld(heart, q);
  const stj = hf([0, 0, root.stjHeight]);
  const ascending = hf([0, 0, root.stjHeight + 25]);
  const ascendingRadius = root.stjRadius * v.ascendingRatio;
  const descendingRadius = 0.75 * ascendingRadius;
  // The descending aorta runs beside the spine, left and anterior of it, `spineGap` from the vertebrae.
  const side = rad(40 + 25 * v.laaShape[2]!);
  const reach = SPINE_RADIUS + descendingRadius + v.spineGap;
  const descending: [number, number] = [
    SPINE_CENTRE[0] + reach * Math.cos(side),
    SPINE_CENTRE[1] - reach * Math.sin(side),
  ];
  const archTopZ = Math.max(ascending[2] + v.archRise, cardiacTop + ascendingRadius + 25);
  const archTop: Vec3 = [(ascending[0] + descending[0]) / 2 - 5, (ascending[1] + descending[1]) / 2, archTopZ];
  // Straight along the root's axis for the first 10 mm, so the STJ's section is the circle it should be.
  const control: Vec3[] = [
    stj,
    hf([0, 0, root.stjHeight + 10]),
    ascending,
    archTop,
    [descending[0], descending[1], archTopZ - 30],
    [descending[0], descending[1], archTopZ - 90],
    [descending[0], descending[1], -260],
  ];
  const controlRadii = [
    root.stjRadius,
    root.stjRadius + 0.4 * (ascendingRadius - root.stjRadius),
    ascendingRadius,
    0.9 * ascendingRadius,
    descendingRadius,
    descendingRadius,
    0.95 * descendingRadius,
  ];
  const perSpan = 12;
  const points = catmullRom(control, perSpan);
  const radii = points.map((_, i) => {
    const span = Math.min(control.length - 2, Math.floor(i / perSpan));
    const t = i / perSpan - span;
    return controlRadii[span]! + (controlRadii[span + 1]! - controlRadii[span]!) * t;
  });
  const aorta: Tube = { points, radii };
  let archTopIndex = 0;
  points.forEach((p, i) => {
    if (p[2] > points[archTopIndex]![2]) archTopIndex = i;
  });
  return {
    v,
    heart,
    root,
    aorta,
    archTopIndex,
    ascendingIndex: 2 * perSpan,
    hf,
    rootDistance: (p) => rootDistance(root, toLocal(heart, p)),
    aortaDistance: (p) => tubeDistance(aorta, p),
  };
}
