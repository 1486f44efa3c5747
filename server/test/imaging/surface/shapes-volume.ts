import { DEFAULT_VOLUME_LEVELS } from '@cardiomap/domain';
import type { Vec3 } from '../../../src/imaging/types.ts';
import { createVolumeWriter, type VolumeLayout } from '../../../src/imaging/volume/volume-file.ts';

/** A shape by its signed distance (mm, negative inside) from a patient-space point. */
export interface Shape {
  distance: (p: Vec3) => number;
  hu: number;
}

export const sphere = (centre: Vec3, radius: number, hu: number): Shape => ({
  hu,
  distance: (p) => Math.hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]) - radius,
});

/** A hollow ball: the cortex of a bone around its marrow. */
export const shell = (centre: Vec3, inner: number, outer: number, hu: number): Shape => ({
  hu,
  distance: (p) => {
    const r = Math.hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]);
    return Math.max(r - outer, inner - r);
  },
});

/** An endless cylinder through `point` along the unit vector `axis`. */
export const cylinder = (point: Vec3, axis: Vec3, radius: number, hu: number): Shape => ({
  hu,
  distance: (p) => {
    const d: Vec3 = [p[0] - point[0], p[1] - point[1], p[2] - point[2]];
    const along = d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2];
    return Math.hypot(d[0] - along * axis[0], d[1] - along * axis[1], d[2] - along * axis[2]) - radius;
  },
});

export function layoutOf(
  dimensions: [number, number, number],
  spacing: Vec3,
  origin: Vec3,
  direction: number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1],
): VolumeLayout {
  return {
    version: 1,
    dimensions,
    spacing,
    origin,
    direction,
    dataType: 'int16',
    compression: 'deflate-raw',
    levels: DEFAULT_VOLUME_LEVELS,
    interpolationType: 0,
  };
}

export function voxelToPatient(layout: VolumeLayout, i: number, j: number, k: number): Vec3 {
  const { origin: o, spacing: s, direction: d } = layout;
  return [0, 1, 2].map((r) => o[r]! + i * s[0] * d[r]! + j * s[1] * d[3 + r]! + k * s[2] * d[6 + r]!) as Vec3;
}

/**
 * Writes a volume of `background` HU holding the shapes, each voxel a partial-volume mix of the shape it
 * touches most (linear in the distance over one voxel), as a scanner blurs an edge: with the blood
 * level halfway between background and shape, the surface lies on the true boundary.
 */
export async function writeShapesVolume(
  path: string,
  layout: VolumeLayout,
  background: number,
  shapes: Shape[],
): Promise<void> {
  const [nx, ny, nz] = layout.dimensions;
  const blur = Math.cbrt(layout.spacing[0] * layout.spacing[1] * layout.spacing[2]);
  const writer = await createVolumeWriter(path, layout);
  for (let k = 0; k < nz; k++) {
    const slice = new Int16Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const p = voxelToPatient(layout, i, j, k);
        let value = background;
        for (const shape of shapes) {
          const inside = Math.min(1, Math.max(0, 0.5 - shape.distance(p) / blur));
          if (inside > 0) value = Math.max(value, Math.round(background + (shape.hu - background) * inside));
        }
        slice[j * nx + i] = value;
      }
    }
    await writer.append(slice);
  }
  await writer.finish();
}
