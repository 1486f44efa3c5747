import { type Dims, floodFill, labelComponents } from './connected-components.ts';

export interface BloodPoolOptions {
  /**
   * HU range of contrast-enhanced blood. 150 sits above myocardium, fat and unenhanced blood (≤ ~80)
   * and below the 250–500 HU of an arterial-phase lumen even with weak contrast; 700 sits above that
   * lumen and below dense cortical bone, so the ribs, sternum and vertebral cortex never join the pool.
   */
  lowHu: number;
  highHu: number;
  /**
   * Besides the largest part, parts at least this fraction of its size are kept (an aorta cut off from
   * the heart by a partial-volume gap). Vertebrae and rib marrow, which overlap the HU range, are each
   * far smaller than the blood pool and are dropped.
   */
  keepFraction: number;
  /**
   * A part whose outer faces touch voxels above `highHu` more than this often is bone, not blood: the
   * marrow of a vertebra or rib is wrapped in cortex, while a blood pool touches bright voxels only at
   * calcium, stents and wires — a small share of its wall.
   */
  boneContactFraction: number;
}

export const DEFAULT_BLOOD_POOL: Readonly<BloodPoolOptions> = Object.freeze({
  lowHu: 150,
  highHu: 700,
  keepFraction: 0.5,
  boneContactFraction: 0.3,
});

export interface BloodPoolField {
  /** The iso level to extract: between the inside (≥ lowHu) and outside (≤ lowHu − 1) values. */
  level: number;
  /** Voxels of the kept parts, enclosed cavities included. */
  insideVoxels: number;
  partsFound: number;
  partsKept: number;
}

/**
 * Turns a HU grid (whose outer layer is background) in place into the field whose `level` surface is
 * the blood pool: voxels of the kept parts keep their HU (clamped into the range), every other voxel is
 * held below the range, so dropped parts vanish while the pool's wall keeps its sub-voxel position.
 * Cavities enclosed by the pool — calcium and stent struts above `highHu`, noise holes — are filled so
 * the model has no inner shells. Returns null when no voxel lies in the range.
 */
export function bloodPoolField(hu: Int16Array, dims: Dims, options: BloodPoolOptions): BloodPoolField | null {
  const { lowHu, highHu, keepFraction, boneContactFraction } = options;
  const inside = new Uint8Array(hu.length);
  for (let v = 0; v < hu.length; v++) {
    const value = hu[v] as number;
    inside[v] = value >= lowHu && value <= highHu ? 1 : 0;
  }
  const { labels, sizes } = labelComponents(inside, dims);
  if (sizes.length === 0) return null;
  const { faces, bright } = boundaryContacts(labels, hu, dims, sizes.length, highHu);
  const blood = sizes.map((size, p) => (bright[p + 1]! > boneContactFraction * faces[p + 1]! ? 0 : size));
  const largest = Math.max(...blood);
  if (largest === 0) return null;
  const kept = new Uint8Array(sizes.length + 1);
  blood.forEach((size, p) => {
    kept[p + 1] = size > 0 && size >= keepFraction * largest ? 1 : 0;
  });
  for (let v = 0; v < hu.length; v++) inside[v] = kept[labels[v] as number] as number;

  // Outside is what the grid's border reaches without crossing the pool; the rest is the pool. The
  // labels are spent, so their memory serves as the fill's stack.
  const OUTSIDE = 2;
  floodFill(inside, dims, 0, 0, OUTSIDE, labels);
  let insideVoxels = 0;
  for (let v = 0; v < hu.length; v++) {
    const value = hu[v] as number;
    if (inside[v] === OUTSIDE) {
      hu[v] = Math.min(value, lowHu - 1);
    } else {
      hu[v] = Math.max(lowHu, Math.min(value, highHu));
      insideVoxels++;
    }
  }
  return {
    level: lowHu - 0.5,
    insideVoxels,
    partsFound: sizes.length,
    partsKept: kept.reduce((n, k) => n + k, 0),
  };
}

/** Per part: its outer voxel faces, and how many of them face a voxel brighter than `highHu`. */
function boundaryContacts(labels: Int32Array, hu: Int16Array, [nx, ny]: Dims, parts: number, highHu: number) {
  const faces = new Float64Array(parts + 1);
  const bright = new Float64Array(parts + 1);
  const steps = [1, -1, nx, -nx, nx * ny, -nx * ny];
  for (let v = 0; v < labels.length; v++) {
    const label = labels[v]!;
    if (label === 0) continue;
    // Parts never reach the grid's outer layer (background), so every neighbour index exists.
    for (const step of steps) {
      if (labels[v + step] === label) continue;
      faces[label]!++;
      if (hu[v + step]! > highHu) bright[label]!++;
    }
  }
  return { faces, bright };
}
