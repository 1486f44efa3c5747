/**
 * The left atrial appendage: what sticks out of the LA's body. The body is the LA opened with a 7 mm
 * ball (the union of all 7 mm balls that fit inside it): the atrium's round chamber stays, while
 * the pulmonary veins (≈ 6.5 mm radius) and the appendage's neck and lobes fall outside. Of the pieces
 * outside, the appendage is the largest one on the anterior side, the side of the aortic root
 * (the veins leave the LA backwards).
 */
import { labelComponents } from '../surface/connected-components.ts';
import { squaredDistanceInside, squaredDistanceTo } from './distance-transform.ts';
import { ANATOMY_LABEL, type Vec3, type WorkVolume } from './types.ts';

const BODY_MM = 7;
const MIN_ML = 0.8;

/** Relabels the appendage found among `labels`' LA voxels as LAA; answers the warnings. */
export function splitAppendage(labels: Uint8Array, work: WorkVolume, rootCentre: Vec3): string[] {
  const { dims, spacing } = work;
  const [nx, ny] = dims;
  const n = labels.length;
  const la = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (labels[v] === ANATOMY_LABEL.leftAtrium) la[v] = 1;
  const depth2 = squaredDistanceInside(la, dims, spacing);
  const core = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (depth2[v]! > BODY_MM * BODY_MM) core[v] = 1;
  const toCore2 = squaredDistanceTo(core, dims, spacing);
  const reach = (BODY_MM + 0.5 * Math.min(...spacing)) ** 2;
  const outside = new Uint8Array(n);
  const c: Vec3 = [0, 0, 0];
  let count = 0;
  for (let v = 0; v < n; v++) {
    if (!la[v]) continue;
    const p = position(v, nx, ny, spacing);
    c[0] += p[0];
    c[1] += p[1];
    c[2] += p[2];
    count++;
    if (toCore2[v]! > reach) outside[v] = 1;
  }
  if (count === 0) return [];
  const centre: Vec3 = [c[0] / count, c[1] / count, c[2] / count];
  const toRoot: Vec3 = [rootCentre[0] - centre[0], rootCentre[1] - centre[1], rootCentre[2] - centre[2]];
  const pieces = labelComponents(outside, dims);
  const sums = pieces.sizes.map(() => [0, 0, 0]);
  for (let v = 0; v < n; v++) {
    const p = pieces.labels[v]!;
    if (!p) continue;
    const q = position(v, nx, ny, spacing);
    for (let a = 0; a < 3; a++) sums[p - 1]![a]! += q[a]!;
  }
  const voxelMl = (spacing[0] * spacing[1] * spacing[2]) / 1000;
  let best = -1;
  let bestMl = MIN_ML;
  pieces.sizes.forEach((size, p) => {
    const ml = size * voxelMl;
    const d: Vec3 = [sums[p]![0]! / size - centre[0], sums[p]![1]! / size - centre[1], sums[p]![2]! / size - centre[2]];
    const anterior = d[0] * toRoot[0] + d[1] * toRoot[1] + d[2] * toRoot[2];
    if (anterior > 0 && ml > bestMl) {
      best = p + 1;
      bestMl = ml;
    }
  });
  if (best < 0) return ['no left atrial appendage found'];
  for (let v = 0; v < n; v++) if (pieces.labels[v] === best) labels[v] = ANATOMY_LABEL.laa;
  return [];
}

function position(v: number, nx: number, ny: number, spacing: Vec3): Vec3 {
  const i = v % nx;
  const j = Math.floor(v / nx) % ny;
  const k = Math.floor(v / (nx * ny));
  return [i * spacing[0], j * spacing[1], k * spacing[2]];
}
