import type { SliceSource } from './geometry.ts';

/** HU written where a shifted slice has no source pixel (air, the usual CT padding). */
export const OUTSIDE_HU = -1024;

/**
 * Builds one output slice from its planned sources. A plain copy returns the source array itself;
 * otherwise each source is sampled bilinearly at its offset and the results are blended by weight.
 */
export function buildSlice(
  sources: readonly SliceSource[],
  pixelsOf: (source: number) => Int16Array,
  columns: number,
  rows: number,
): Int16Array {
  const only = sources[0];
  if (sources.length === 1 && only && only.offset[0] === 0 && only.offset[1] === 0) return pixelsOf(only.source);
  const sum = new Float32Array(columns * rows);
  for (const s of sources) {
    const pixels = pixelsOf(s.source);
    if (s.offset[0] === 0 && s.offset[1] === 0) {
      for (let p = 0; p < sum.length; p++) sum[p] = (sum[p] as number) + s.weight * (pixels[p] as number);
    } else {
      addShifted(sum, pixels, columns, rows, s.offset, s.weight);
    }
  }
  const out = new Int16Array(sum.length);
  for (let p = 0; p < sum.length; p++) out[p] = Math.round(sum[p] as number);
  return out;
}

function addShifted(
  sum: Float32Array,
  pixels: Int16Array,
  columns: number,
  rows: number,
  [dx, dy]: [number, number],
  weight: number,
): void {
  const x0 = Math.floor(dx);
  const fx = dx - x0;
  const y0 = Math.floor(dy);
  const fy = dy - y0;
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= columns || y >= rows ? OUTSIDE_HU : (pixels[y * columns + x] as number);
  for (let j = 0; j < rows; j++) {
    const y = j + y0;
    for (let i = 0; i < columns; i++) {
      const x = i + x0;
      const top = at(x, y) * (1 - fx) + at(x + 1, y) * fx;
      const bottom = at(x, y + 1) * (1 - fx) + at(x + 1, y + 1) * fx;
      const p = j * columns + i;
      sum[p] = (sum[p] as number) + weight * (top * (1 - fy) + bottom * fy);
    }
  }
}
