import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../../src/imaging/types.ts';
import { planVolume, type SliceInput, type VolumeGeometry } from '../../../src/imaging/volume/geometry.ts';
import { add, scale } from '../../../src/imaging/volume/vector.ts';

const AXIAL: SliceInput['geometry']['orientation'] = [1, 0, 0, 0, 1, 0];

function axial(zs: number[], extra: Partial<SliceInput> = {}): SliceInput[] {
  return zs.map((z) => ({
    rows: 4,
    columns: 6,
    geometry: { position: [-10, -20, z], orientation: AXIAL, pixelSpacing: [0.5, 0.75] },
    ...extra,
  }));
}

function plan(inputs: SliceInput[]): VolumeGeometry {
  const result = planVolume(inputs);
  if (!result.ok) throw new Error(result.reason);
  return result.geometry;
}

function close(a: number[], b: number[]): void {
  for (const [i, x] of a.entries()) expect(x).toBeCloseTo(b[i] as number, 9);
}

describe('planVolume', () => {
  it('orders slices along the normal, whatever order they come in', () => {
    const g = plan(axial([4, 0, 8, 2, 6]));
    expect(g.order).toEqual([1, 3, 0, 4, 2]);
    expect(g.dimensions).toEqual([6, 4, 5]);
    expect(g.spacing).toEqual([0.75, 0.5, 2]);
    expect(g.origin).toEqual([-10, -20, 0]);
    expect(g.direction).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(g.interpolationType).toBe(0);
    expect(g.resampledAlongNormal).toBe(false);
    expect(g.shiftedInPlane).toBe(false);
    expect(g.slices).toEqual([1, 3, 0, 4, 2].map((source) => [{ source, weight: 1, offset: [0, 0] }]));
    expect(g.warnings).toEqual([]);
  });

  it('follows the normal, not the z coordinate: a stack written feet-first comes out along -z', () => {
    const flipped = axial([0, 2, 4]).map((s) => ({
      ...s,
      geometry: { ...s.geometry, orientation: [1, 0, 0, 0, -1, 0] as typeof AXIAL },
    }));
    const g = plan(flipped);
    expect(g.order).toEqual([2, 1, 0]);
    expect(g.direction.slice(6)).toEqual([0, 0, -1]);
    expect(g.origin).toEqual([-10, -20, 4]);
  });

  it('drops slices repeating a position and counts them', () => {
    const g = plan(axial([0, 2, 2, 4, 4.005]));
    expect(g.order).toEqual([0, 1, 3]);
    expect(g.duplicates).toEqual([2, 4]);
    expect(g.dimensions[2]).toBe(3);
    expect(g.duplicateOf).toEqual([1, 3]);
    // The ingest names the files in its warning; the geometry has no names to give.
    expect(g.warnings).toEqual([]);
  });

  it('keeps a stack whose positions are rounded to 0.01 mm as it is (interpolation type 0)', () => {
    const g = plan(axial([0, 0.62, 1.25, 1.87, 2.5]));
    expect(g.resampledAlongNormal).toBe(false);
    expect(g.interpolationType).toBe(0);
    expect(g.spacing[2]).toBeCloseTo(0.625, 12);
  });

  it('finds a gap and interpolates onto a uniform grid (interpolation type 1)', () => {
    const g = plan(axial([0, 2, 4, 8, 10]));
    expect(g.gaps).toBe(1);
    expect(g.interpolationType).toBe(1);
    expect(g.resampledAlongNormal).toBe(true);
    expect(g.sliceSpacings).toEqual([2, 2, 4, 2]);
    expect(g.dimensions[2]).toBe(6);
    expect(g.spacing[2]).toBe(2);
    expect(g.slices[3]).toEqual([
      { source: 2, weight: 0.5, offset: [0, 0] },
      { source: 3, weight: 0.5, offset: [0, 0] },
    ]);
    expect(g.slices[4]).toEqual([{ source: 3, weight: 1, offset: [0, 0] }]);
    expect(g.warnings.join(' ')).toMatch(/1 gap/);
  });

  it('applies the spec threshold: spacings differing by more than 0.3 mm give interpolation type 1', () => {
    expect(plan(axial([0, 2, 4.25, 6.25])).interpolationType).toBe(0);
    const uneven = plan(axial([0, 2, 4.4, 6.4]));
    expect(uneven.interpolationType).toBe(1);
    expect(uneven.resampledAlongNormal).toBe(true);
    expect(uneven.dimensions[2]).toBe(4);
    expect(uneven.spacing[2]).toBeCloseTo(6.4 / 3, 12);
  });

  it('puts a gantry-tilted stack on an orthogonal grid by shifting each slice in-plane', () => {
    const tilt = (20 * Math.PI) / 180;
    const orientation: typeof AXIAL = [1, 0, 0, 0, Math.cos(tilt), -Math.sin(tilt)];
    const inputs = axial([0, 3, 6, 9, 12]).map((s) => ({ ...s, geometry: { ...s.geometry, orientation } }));
    const g = plan(inputs);
    expect(g.shiftedInPlane).toBe(true);
    expect(g.tiltDegrees).toBeCloseTo(20, 9);
    expect(g.spacing[2]).toBeCloseTo(3 * Math.cos(tilt), 12);
    close(g.direction.slice(6), [0, Math.sin(tilt), Math.cos(tilt)]);
    expect(g.warnings.join(' ')).toMatch(/gantry tilt 20°/);
    // Every output voxel must land exactly where the source pixel it samples lies in the patient.
    const [rowDir, colDir, normal] = [g.direction.slice(0, 3), g.direction.slice(3, 6), g.direction.slice(6)] as Vec3[];
    g.slices.forEach(([src], k) => {
      const input = inputs[src?.source as number] as SliceInput;
      const [i, j] = [2, 3];
      const out = add(
        g.origin,
        add(
          add(scale(rowDir as Vec3, i * g.spacing[0]), scale(colDir as Vec3, j * g.spacing[1])),
          scale(normal as Vec3, k * g.spacing[2]),
        ),
      );
      const [si, sj] = [i + (src?.offset[0] as number), j + (src?.offset[1] as number)];
      const source = add(
        input.geometry.position,
        add(scale(rowDir as Vec3, si * 0.75), scale([0, Math.cos(tilt), -Math.sin(tilt)], sj * 0.5)),
      );
      close(out, source);
    });
    // The reference is the middle of the stack, so the outer slices move least far out of the field.
    expect(g.slices[2]?.[0]?.offset).toEqual([0, 0]);
    expect(g.slices[0]?.[0]?.offset[1]).toBeCloseTo(-(g.slices[4]?.[0]?.offset[1] as number), 9);
  });

  it('refuses mixed sizes, orientations and pixel spacings, and stacks without depth', () => {
    const [a, b] = axial([0, 2]) as [SliceInput, SliceInput];
    expect(planVolume([a, { ...b, rows: 8 }])).toEqual({
      ok: false,
      reason: 'the slices have different sizes (6×4 and 6×8)',
    });
    expect(planVolume([a, { ...b, geometry: { ...b.geometry, orientation: [1, 0, 0, 0, 0, -1] } }])).toEqual({
      ok: false,
      reason: 'the slices have different orientations',
    });
    expect(planVolume([a, { ...b, geometry: { ...b.geometry, pixelSpacing: [1, 1] } }])).toMatchObject({ ok: false });
    expect(planVolume(axial([0, 1, 2, 3, 100, 101]))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/gaps too large/),
    });
    expect(planVolume([a])).toEqual({ ok: false, reason: 'a volume needs at least two slices' });
    expect(planVolume(axial([5, 5, 5]))).toMatchObject({ ok: false, reason: expect.stringMatching(/same position/) });
  });
});
