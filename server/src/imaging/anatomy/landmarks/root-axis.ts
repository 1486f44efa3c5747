/**
 * The aortic root's axis from its label: the line through the centroids of the root's cross-sections,
 * each cut perpendicular to the current guess, refined a few times. For a root whose sinuses are
 * alike and an elliptic LVOT below, the section centroids lie on the axis, so this converges to it
 * from any start within a few tens of degrees. Oriented from the LVOT towards the aorta.
 */
import type { Vec3 } from '../../types.ts';
import { add, dot, normalize, scale, sub } from '../../volume/vector.ts';
import { fitFourier } from './fourier.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import { largestPartIndices, positionsOf } from './largest-part.ts';
import { inPlane, type PlaneFrame, planeFrame } from './plane-frame.ts';
import { castContour } from './polar-contour.ts';
import { principalAxes } from './principal-axes.ts';
import { type LabelledVolume, labelSet, membership, nearestLabel, voxelSpace, voxelsOf } from './volume.ts';

export interface RootAxis {
  /** The axis frame: centre on the axis, normal along it (towards the aorta), u/v fixed in-plane axes. */
  frame: PlaneFrame;
  /** Extent of the root label along the axis, relative to `frame.centre` (mm). */
  low: number;
  high: number;
}

/** Smallest root + LVOT label volume taken as a root at all (ml). */
const MIN_ROOT_ML = 2;

export function findRootAxis(v: LabelledVolume): RootAxis | { missing: string } {
  const root = positionsOf(v, largestPartIndices(v, L.aorticRoot));
  const space = voxelSpace(v);
  if ((root.length / 3) * space.voxelVolume < MIN_ROOT_ML * 1000)
    return { missing: 'no aortic root + LVOT in the label volume (label 2 smaller than 2 ml)' };
  const pca = principalAxes(root);
  let n = initialDirection(v, pca.centroid, pca.axes[0]);
  let centre = pca.centroid;
  const inside = membership(v, labelSet([L.aorticRoot]));
  const labelAt = nearestLabel(v);
  const reject = labelSet([L.calcium]);
  let extent = projectExtent(root, centre, n);
  for (let iteration = 0; iteration < 4; iteration++) {
    const base = planeFrame(centre, n);
    const centroids: number[] = [];
    for (let z = extent[0] + 1.5; z <= extent[1] - 1.5; z += 1) {
      const f: PlaneFrame = { ...base, centre: add(centre, scale(n, z)) };
      const radii = castContour(f, 72, { inside, labelAt, rejectLabels: reject, maxRadius: 40 });
      const fourier = fitFourier(radii, 4);
      if (!fourier || radii.filter(Number.isFinite).length < 0.8 * radii.length) continue;
      // The first harmonic of r(θ) is the offset of the section's centre from the ray origin (to first order).
      const p = inPlane(f, fourier.a[1]!, fourier.b[1]!);
      centroids.push(...p);
    }
    if (centroids.length < 3 * 6) break;
    const line = principalAxes(centroids);
    const d = line.axes[0];
    n = dot(d, n) < 0 ? scale(d, -1) : d;
    centre = line.centroid;
    extent = projectExtent(root, centre, n);
  }
  return { frame: planeFrame(centre, n), low: extent[0], high: extent[1] };
}

/** Towards the aorta: from the root's centroid to its border with the aorta, else away from the LV. */
function initialDirection(v: LabelledVolume, centroid: Vec3, major: Vec3): Vec3 {
  const aorta = voxelsOf(v, [L.aorta]);
  const lv = voxelsOf(v, [L.lvCavity]);
  const nearest = (pts: Float64Array): Vec3 | null => {
    // Mean of the points within 10 mm of the closest one: the part touching the root.
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < pts.length; i += 3)
      best = Math.min(
        best,
        (pts[i]! - centroid[0]) ** 2 + (pts[i + 1]! - centroid[1]) ** 2 + (pts[i + 2]! - centroid[2]) ** 2,
      );
    if (!Number.isFinite(best)) return null;
    const limit = (Math.sqrt(best) + 10) ** 2;
    const sum: Vec3 = [0, 0, 0];
    let count = 0;
    for (let i = 0; i < pts.length; i += 3) {
      const d2 = (pts[i]! - centroid[0]) ** 2 + (pts[i + 1]! - centroid[1]) ** 2 + (pts[i + 2]! - centroid[2]) ** 2;
      if (d2 > limit) continue;
      sum[0] += pts[i]!;
      sum[1] += pts[i + 1]!;
      sum[2] += pts[i + 2]!;
      count++;
    }
    return scale(sum, 1 / count);
  };
  const toAorta = nearest(aorta);
  if (toAorta) return normalize(sub(toAorta, centroid));
  const toLv = nearest(lv);
  if (toLv) return normalize(sub(centroid, toLv));
  return major[2] < 0 ? scale(major, -1) : major;
}

function projectExtent(points: Float64Array, centre: Vec3, n: Vec3): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < points.length; i += 3) {
    const z =
      (points[i]! - centre[0]) * n[0] + (points[i + 1]! - centre[1]) * n[1] + (points[i + 2]! - centre[2]) * n[2];
    low = Math.min(low, z);
    high = Math.max(high, z);
  }
  return [low, high];
}
