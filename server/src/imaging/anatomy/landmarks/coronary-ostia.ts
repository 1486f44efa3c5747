/**
 * The left and right coronary ostia, from the HU volume: the label volume ends the root at its wall
 * and holds no coronaries, but a coronary artery is a bright tube crossing the root's wall from a
 * sinus. So: voxels 1–2.2 mm outside the root's lumen (inside its wall, where nothing else of the
 * contrast-filled heart lies — the walls to the atria and the pulmonary artery are at least 2.5 mm),
 * above the lumen/wall midpoint HU, not labelled as another blood pool; their connected clusters are
 * ostium candidates, and the two largest are the coronaries. Each is named by the sinus it leaves.
 *
 * Why 1 mm and not closer: the scanner's blur (σ up to ~0.9 mm) lifts the wall's first millimetre
 * towards the lumen's HU all round the root, and with noise that thin bright rim would join into one
 * ring. The ostium's height is the mean height of the tube's cluster in the wall.
 */
import type { Vec3 } from '../../types.ts';
import { add, dot, scale, sub } from '../../volume/vector.ts';
import { angleBetween, type CuspName } from './cusps.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import type { PlaneFrame } from './plane-frame.ts';
import { type LabelledVolume, labelSet, voxelSpace } from './volume.ts';

export interface CoronaryOstium {
  /** Ostium on the lumen's edge (patient mm). */
  position: Vec3;
  /** Height above the annulus plane along its normal (mm). */
  heightAboveAnnulus: number;
  /** Foot of the height on the annulus plane. */
  foot: Vec3;
  voxels: number;
}

export type CoronaryResult = Record<'left' | 'right', CoronaryOstium | { missing: string }>;

const NEAR = 1.0;
const FAR = 2.2;
const MIN_VOXELS_MM3 = 2.5;
// Where another blood pool (e.g. the LAA lying on the left sinus) touches the wall, the wall is not
// searched: its blurred edge would pass for a coronary. The reason says so.
const WHERE = '(searched 1–2.2 mm into the root wall, except where another blood pool touches it)';

export interface CoronarySearch {
  /** Axis frame of the root (heights relative to its centre). */
  axis: PlaneFrame;
  annulusHeight: number;
  stjHeight: number;
  radiusAt(theta: number, height: number): number;
  cusps: Record<CuspName, number>;
}

export function findCoronaryOstia(v: LabelledVolume, s: CoronarySearch): CoronaryResult {
  if (!v.hu) {
    const missing = 'no HU volume given: coronaries are not in the label volume';
    return { left: { missing }, right: { missing } };
  }
  const hu = v.hu;
  const space = voxelSpace(v);
  const [nx, ny, nz] = v.dims;
  const { centre, normal: n, u, v: w } = s.axis;
  const low = s.annulusHeight + 2;
  const high = s.stjHeight + 1;
  let reach = 0;
  for (let i = 0; i < 36; i++) reach = Math.max(reach, s.radiusAt((i * Math.PI) / 18, (low + high) / 2));
  reach += FAR + 6;
  // Bounding box in voxel indices of the cylinder the ostia can lie in.
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const z of [low, high])
    for (const a of [-reach, reach])
      for (const b of [-reach, reach]) {
        const q = space.toIndex(add(add(centre, scale(n, z)), add(scale(u, a), scale(w, b))));
        for (let j = 0; j < 3; j++) {
          min[j] = Math.min(min[j]!, Math.floor(q[j]!));
          max[j] = Math.max(max[j]!, Math.ceil(q[j]!));
        }
      }
  const dimsArr = [nx, ny, nz];
  for (let j = 0; j < 3; j++) {
    min[j] = Math.max(1, min[j]!);
    max[j] = Math.min(dimsArr[j]! - 2, max[j]!);
  }
  const blood = labelSet([L.lvCavity, L.aorticRoot, L.aorta, L.leftAtrium, L.laa, L.calcium]);
  const neighbours = labelSet([L.lvCavity, L.aorta, L.leftAtrium, L.laa, L.calcium]);
  const index = (i: number, j: number, k: number) => (k * ny + j) * nx + i;

  // Lumen HU (median of the root's voxels in the box) and the wall's (median of the shell).
  const rootHU: number[] = [];
  const shell: { idx: number; p: Vec3; height: number; d: number }[] = [];
  for (let k = min[2]!; k <= max[2]!; k++)
    for (let j = min[1]!; j <= max[1]!; j++)
      for (let i = min[0]!; i <= max[0]!; i++) {
        const idx = index(i, j, k);
        const label = v.labels[idx]!;
        if (label === L.aorticRoot) {
          if ((idx & 3) === 0) rootHU.push(hu[idx]!);
          continue;
        }
        if (blood[label]) continue;
        const p = space.toPatient(i, j, k);
        const r = sub(p, centre);
        const height = dot(r, n);
        if (height < low || height > high) continue;
        const x = dot(r, u);
        const y = dot(r, w);
        const d = Math.hypot(x, y) - s.radiusAt(Math.atan2(y, x), height);
        if (d < NEAR || d > FAR) continue;
        let touches = false;
        for (let dk = -1; dk <= 1 && !touches; dk++)
          for (let dj = -1; dj <= 1 && !touches; dj++)
            for (let di = -1; di <= 1; di++)
              if (neighbours[v.labels[index(i + di, j + dj, k + dk)]!]) {
                touches = true;
                break;
              }
        if (!touches) shell.push({ idx, p, height, d });
      }
  if (rootHU.length === 0 || shell.length === 0) {
    const missing = 'no wall round the root sinuses to search for coronary ostia';
    return { left: { missing }, right: { missing } };
  }
  const lumen = median(rootHU);
  const wall = median(shell.map((e) => hu[e.idx]!));
  const threshold = (lumen + wall) / 2;
  if (lumen - wall < 100) {
    const missing = `the root's lumen (${lumen.toFixed(0)} HU) is too close to its wall's (${wall.toFixed(0)} HU) to see coronaries`;
    return { left: { missing }, right: { missing } };
  }
  const bright = new Map<number, (typeof shell)[0]>();
  for (const e of shell) if (hu[e.idx]! > threshold) bright.set(e.idx, e);

  // 26-connected clusters of the bright shell voxels.
  const clusters: (typeof shell)[] = [];
  const seen = new Set<number>();
  for (const start of bright.keys()) {
    if (seen.has(start)) continue;
    const cluster: typeof shell = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const idx = stack.pop()!;
      cluster.push(bright.get(idx)!);
      for (let dk = -1; dk <= 1; dk++)
        for (let dj = -1; dj <= 1; dj++)
          for (let di = -1; di <= 1; di++) {
            const nb = idx + (dk * ny + dj) * nx + di;
            if (bright.has(nb) && !seen.has(nb)) {
              seen.add(nb);
              stack.push(nb);
            }
          }
    }
    clusters.push(cluster);
  }
  const minVoxels = Math.max(4, MIN_VOXELS_MM3 / space.voxelVolume);
  const candidates = clusters
    .filter((c) => c.length >= minVoxels)
    .sort((a, b) => b.length - a.length)
    .slice(0, 2)
    .map((c) => ostiumOf(c, s));
  const out: CoronaryResult = {
    left: { missing: `no coronary artery found leaving the left sinus ${WHERE}` },
    right: { missing: `no coronary artery found leaving the right sinus ${WHERE}` },
  };
  // Name each candidate by the nearer of the left and right cusps; two on one side keep the larger.
  for (const c of candidates) {
    const side = angleBetween(c.theta, s.cusps.left) <= angleBetween(c.theta, s.cusps.right) ? 'left' : 'right';
    if ('missing' in out[side]) out[side] = c.ostium;
  }
  return out;
}

function ostiumOf(
  cluster: { p: Vec3; height: number }[],
  s: CoronarySearch,
): { theta: number; ostium: CoronaryOstium } {
  const { centre, normal: n, u, v: w } = s.axis;
  // The cluster's mean height: the tube's centre where it crosses the wall, 1–2.2 mm out. Extrapolating
  // to the lumen's edge along the radial distance was tried: over so short a run, on ~20 voxels, its
  // slope is noise (errors up to 1.7 mm), while a tube leaves its sinus nearly level.
  let sh = 0;
  let sx = 0;
  let sy = 0;
  for (const e of cluster) {
    sh += e.height;
    const r = sub(e.p, centre);
    sx += dot(r, u);
    sy += dot(r, w);
  }
  const m = cluster.length;
  const height = sh / m;
  const theta = Math.atan2(sy, sx);
  const radius = s.radiusAt(theta, height);
  const onAxis = add(centre, scale(n, height));
  const position = add(onAxis, add(scale(u, radius * Math.cos(theta)), scale(w, radius * Math.sin(theta))));
  const heightAboveAnnulus = height - s.annulusHeight;
  return {
    theta,
    ostium: { position, heightAboveAnnulus, foot: sub(position, scale(n, heightAboveAnnulus)), voxels: m },
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
}
