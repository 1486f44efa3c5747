/**
 * Overlap scores between two binary masks on the same grid (non-zero = inside), for scoring an automatic
 * segmentation against the anatomy phantom's labels (issue 31 §3).
 */

/** The voxels whose label is one of `labels`, as a 0/1 mask. */
export function maskOfLabels(labels: Uint8Array, wanted: readonly number[]): Uint8Array {
  const lookup = new Uint8Array(256);
  for (const label of wanted) lookup[label] = 1;
  const mask = new Uint8Array(labels.length);
  for (let v = 0; v < labels.length; v++) mask[v] = lookup[labels[v]!]!;
  return mask;
}

/**
 * Dice coefficient 2|A∩B| / (|A| + |B|): 1 for identical masks, 0 for disjoint ones. Two empty masks
 * agree perfectly (1): there was nothing to find and nothing was found.
 */
export function dice(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`masks differ in size: ${a.length} vs ${b.length}`);
  let both = 0;
  let sizeA = 0;
  let sizeB = 0;
  for (let v = 0; v < a.length; v++) {
    const inA = a[v] !== 0;
    const inB = b[v] !== 0;
    if (inA) sizeA++;
    if (inB) sizeB++;
    if (inA && inB) both++;
  }
  return sizeA + sizeB === 0 ? 1 : (2 * both) / (sizeA + sizeB);
}

/**
 * Volume (ml) of the voxels inside `mask` per truth label: which structures a segmentation took in.
 * Index = label; voxel volume from `spacing` (mm).
 */
export function maskedVolumeByLabelMl(
  mask: Uint8Array,
  labels: Uint8Array,
  spacing: readonly [number, number, number],
): Float64Array {
  const counts = new Float64Array(256);
  for (let v = 0; v < mask.length; v++) if (mask[v]) counts[labels[v]!]!++;
  const voxelMl = (spacing[0] * spacing[1] * spacing[2]) / 1000;
  return counts.map((n) => n * voxelMl);
}
