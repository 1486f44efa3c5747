/**
 * LAAO landmark proposals from the labelled volume (issue 31 §2): the LAA ostium (the plane where the
 * appendage label meets the atrium's, its contour and sizes), the landing zone 10 mm deeper, the
 * appendage's depth, and a morphology class proposal.
 *
 * The ostium plane is fitted to the midpoints of the LA–LAA voxel pairs (each lies within half a voxel
 * of the labels' border), refitted twice without the pairs more than 1.5 mm off it, so a pulmonary vein
 * touching the appendage elsewhere does not tilt it. The contour is cast in that plane on the atrium +
 * appendage lumen: at the border itself both labels hold the neck.
 */
import type { Vec3 } from '../../types.ts';
import { dot, scale, sub } from '../../volume/vector.ts';
import { classifyLaaMorphology, type LaaMorphology } from './laa-morphology.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import { largestPartIndices, positionsOf } from './largest-part.ts';
import { planeFrame, shiftedFrame } from './plane-frame.ts';
import { principalAxes } from './principal-axes.ts';
import { closedCurve, distance, missing, type Proposal, type ProposedLandmark } from './proposal.ts';
import { measureSection } from './section.ts';
import { type LabelledVolume, labelSet, membership, nearestLabel, voxelSpace } from './volume.ts';

export const LANDING_ZONE_DEPTH = 10;
const MIN_LAA_ML = 0.3;

type Landmark = { landmark: ProposedLandmark };

export interface LaaoProposals {
  ostium: Proposal<Landmark>;
  landingZone: Proposal<Landmark & { depthBelowOstium: number }>;
  depth: Proposal<Landmark & { depth: number; tip: Vec3 }>;
  morphology: Proposal<{ morphology: LaaMorphology; features: Record<string, number> }>;
}

export function proposeLaao(v: LabelledVolume): LaaoProposals {
  const none = (reason: string): LaaoProposals => {
    const m = missing(reason);
    return { ostium: m, landingZone: m, depth: m, morphology: m };
  };
  const space = voxelSpace(v);
  const laaPart = largestPartIndices(v, L.laa);
  const laa = positionsOf(v, laaPart);
  if ((laa.length / 3) * space.voxelVolume < MIN_LAA_ML * 1000)
    return none('no left atrial appendage in the label volume (label 5 smaller than 0.3 ml)');

  // Midpoints of face-neighbouring LAA–LA voxel pairs.
  const [nx, ny, nz] = v.dims;
  const mids: number[] = [];
  const steps: [number, number, number][] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ];
  for (const idx of laaPart) {
    const i = idx % nx;
    const j = Math.floor(idx / nx) % ny;
    const k = Math.floor(idx / (nx * ny));
    if (i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1) continue;
    for (const [di, dj, dk] of steps)
      if (v.labels[((k + dk) * ny + j + dj) * nx + i + di] === L.leftAtrium)
        mids.push(...space.toPatient(i + di / 2, j + dj / 2, k + dk / 2));
  }
  if (mids.length / 3 < 12) return none('the appendage does not meet the left atrium in the label volume');
  let points = mids;
  let fit = principalAxes(points);
  for (let pass = 0; pass < 2; pass++) {
    const kept: number[] = [];
    for (let i = 0; i < points.length; i += 3) {
      const d =
        (points[i]! - fit.centroid[0]) * fit.axes[2][0] +
        (points[i + 1]! - fit.centroid[1]) * fit.axes[2][1] +
        (points[i + 2]! - fit.centroid[2]) * fit.axes[2][2];
      if (Math.abs(d) <= 1.5) kept.push(points[i]!, points[i + 1]!, points[i + 2]!);
    }
    if (kept.length / 3 < 12) break;
    points = kept;
    fit = principalAxes(points);
  }
  const laaCentroid = principalAxes(laa).centroid;
  let normal = fit.axes[2];
  if (dot(sub(laaCentroid, fit.centroid), normal) < 0) normal = scale(normal, -1);
  const centre = fit.centroid;
  const labelAt = nearestLabel(v);
  const ostiumSection = measureSection(planeFrame(centre, normal, fit.axes[0]), {
    inside: membership(v, labelSet([L.leftAtrium, L.laa])),
    labelAt,
    maxRadius: 30,
  });
  const ostium: LaaoProposals['ostium'] = ostiumSection
    ? { found: true, landmark: closedCurve('LAA ostium', ostiumSection) }
    : missing('no closed contour of the appendage’s neck in the ostium plane');
  const ostiumFrame = ostiumSection?.frame ?? planeFrame(centre, normal, fit.axes[0]);

  const landing = measureSection(shiftedFrame(ostiumFrame, LANDING_ZONE_DEPTH), {
    inside: membership(v, labelSet([L.laa])),
    labelAt,
    maxRadius: 30,
  });
  const landingZone: LaaoProposals['landingZone'] = landing
    ? {
        found: true,
        landmark: closedCurve('Landing zone', landing, { depthBelowOstium: LANDING_ZONE_DEPTH }),
        depthBelowOstium: LANDING_ZONE_DEPTH,
      }
    : missing('the appendage is not open 10 mm beyond its ostium on the ostium’s axis');

  // Depth: the appendage's farthest voxel from the ostium plane (its centre, half a voxel short at most).
  let depth = 0;
  let tip: Vec3 = ostiumFrame.centre;
  // Stray LAA voxels elsewhere are left out of the depth and the class with the rest of the small parts.
  for (let i = 0; i < laa.length; i += 3) {
    const p: Vec3 = [laa[i]!, laa[i + 1]!, laa[i + 2]!];
    const d = dot(sub(p, ostiumFrame.centre), ostiumFrame.normal);
    if (d > depth) {
      depth = d;
      tip = p;
    }
  }
  const foot = sub(tip, scale(ostiumFrame.normal, depth));
  const morphology = classifyLaaMorphology(laa, ostiumFrame, ostiumSection?.measures.maxDiameter ?? 0);
  return {
    ostium,
    landingZone,
    depth: { found: true, landmark: distance('LAA depth', foot, tip), depth, tip },
    morphology: { found: true, ...morphology },
  };
}
