import { describe, expect, it } from 'vitest';
import { previewBox, previewLayout, renderPreview } from './slice-preview.ts';

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
/** 3 columns, 2 rows, 4 slices; voxel value = 100·slice + 10·row + column. */
const dimensions = [3, 2, 4] as [number, number, number];
const voxels = Int16Array.from({ length: 24 }, (_, n) => {
  const column = n % 3;
  const row = Math.floor(n / 3) % 2;
  const slice = Math.floor(n / 6);
  return 100 * slice + 10 * row + column;
});
/** A window mapping value v to grey v (lower 0, upper 255). */
const levels = { windowCenter: 127.5, windowWidth: 255 };

function greys(layout: NonNullable<ReturnType<typeof previewLayout>>): number[][] {
  const rgba = new Uint8ClampedArray(layout.width * layout.height * 4);
  renderPreview(voxels, dimensions, layout, levels, rgba);
  return Array.from({ length: layout.height }, (_, v) =>
    Array.from({ length: layout.width }, (_, u) => rgba[(v * layout.width + u) * 4] as number),
  );
}

describe('slice preview', () => {
  const header = { dimensions, spacing: [0.5, 0.5, 2] as [number, number, number], direction: IDENTITY };

  it('shows the slice Cornerstone opens on (floor(n / 2)) in radiological orientation', () => {
    const axial = previewLayout(header, 'axial');
    expect(axial).toMatchObject({ normal: 2, sliceIndex: 2, width: 3, height: 2, widthMm: 1.5, heightMm: 1 });
    // Patient left (+x, later columns) to the right, posterior (+y, later rows) down.
    expect(greys(axial as NonNullable<typeof axial>)).toEqual([
      [200, 201, 202],
      [210, 211, 212],
    ]);
    // Coronal: row floor(2 / 2) = 1, superior (+z, later slices) up.
    const coronal = previewLayout(header, 'coronal');
    expect(greys(coronal as NonNullable<typeof coronal>)).toEqual([
      [255, 255, 255],
      [210, 211, 212],
      [110, 111, 112],
      [10, 11, 12],
    ]);
    // Sagittal: column 1, posterior (+y) to the right, superior up.
    const sagittal = previewLayout(header, 'sagittal');
    expect(greys(sagittal as NonNullable<typeof sagittal>)).toEqual([
      [255, 255],
      [201, 211],
      [101, 111],
      [1, 11],
    ]);
  });

  it('follows a flipped direction matrix', () => {
    // Columns run towards patient right and rows towards anterior: the image turns half round.
    const flipped = { ...header, direction: [-1, 0, 0, 0, -1, 0, 0, 0, 1] };
    const axial = previewLayout(flipped, 'axial');
    expect(greys(axial as NonNullable<typeof axial>)).toEqual([
      [212, 211, 210],
      [202, 201, 200],
    ]);
  });

  it('clamps outside the window', () => {
    const axial = previewLayout(header, 'axial') as NonNullable<ReturnType<typeof previewLayout>>;
    const rgba = new Uint8ClampedArray(6 * 4);
    renderPreview(voxels, dimensions, axial, { windowCenter: 205, windowWidth: 10 }, rgba);
    expect([rgba[0], rgba[4], rgba[12], rgba[20]]).toEqual([0, 26, 255, 255]);
  });

  it('shows the slices not in yet as air, whatever the array holds there', () => {
    const coronal = previewLayout(header, 'coronal') as NonNullable<ReturnType<typeof previewLayout>>;
    const rgba = new Uint8ClampedArray(12 * 4);
    // Only slice 2 is in; "air" is 5 here, so the window maps it to grey 5.
    renderPreview(voxels, dimensions, coronal, levels, rgba, { slices: Uint8Array.of(0, 0, 1, 0), absent: 5 });
    const rows = [0, 1, 2, 3].map((v) => [0, 1, 2].map((u) => rgba[(v * 3 + u) * 4]));
    expect(rows).toEqual([
      [5, 5, 5],
      [210, 211, 212],
      [5, 5, 5],
      [5, 5, 5],
    ]);
  });

  it('shows a whole slice as air or as itself in the pane it is the plane of, and follows a flipped slice axis', () => {
    const axial = previewLayout(header, 'axial') as NonNullable<ReturnType<typeof previewLayout>>;
    const rgba = new Uint8ClampedArray(6 * 4);
    renderPreview(voxels, dimensions, axial, levels, rgba, { slices: Uint8Array.of(1, 1, 0, 1), absent: 5 });
    expect([0, 1, 2, 3, 4, 5].map((p) => rgba[p * 4])).toEqual([5, 5, 5, 5, 5, 5]);
    renderPreview(voxels, dimensions, axial, levels, rgba, { slices: Uint8Array.of(0, 0, 1, 0), absent: 5 });
    expect([0, 1, 2, 3, 4, 5].map((p) => rgba[p * 4])).toEqual([200, 201, 202, 210, 211, 212]);
    // Slices running towards the feet: the first slice is the top row of the sagittal pane.
    const down = { ...header, direction: [1, 0, 0, 0, 1, 0, 0, 0, -1] };
    const sagittal = previewLayout(down, 'sagittal') as NonNullable<ReturnType<typeof previewLayout>>;
    const side = new Uint8ClampedArray(8 * 4);
    renderPreview(voxels, dimensions, sagittal, levels, side, { slices: Uint8Array.of(1, 0, 0, 0), absent: 5 });
    expect([0, 1, 2, 3].map((v) => [0, 1].map((u) => side[(v * 2 + u) * 4]))).toEqual([
      [1, 11],
      [5, 5],
      [5, 5],
      [5, 5],
    ]);
  });

  it('asks pixel by pixel when the slices run across the screen (a volume sliced along x)', () => {
    // Voxel axes: columns towards posterior (+y), rows towards the feet (-z), slices towards left (+x).
    const sliced = { ...header, direction: [0, 1, 0, 0, 0, -1, 1, 0, 0] };
    const axial = previewLayout(sliced, 'axial') as NonNullable<ReturnType<typeof previewLayout>>;
    expect(axial).toMatchObject({ width: 4, height: 3, normal: 1, sliceIndex: 1 });
    const rgba = new Uint8ClampedArray(12 * 4);
    renderPreview(voxels, dimensions, axial, levels, rgba, { slices: Uint8Array.of(0, 1, 0, 0), absent: 5 });
    // Pixel (u, v) is voxel (column v, row 1, slice u): value 100u + 10 + v where slice u is in.
    expect([0, 1, 2].map((v) => [0, 1, 2, 3].map((u) => rgba[(v * 4 + u) * 4]))).toEqual([
      [5, 110, 5, 5],
      [5, 111, 5, 5],
      [5, 112, 5, 5],
    ]);
  });

  it('leaves an oblique volume to Cornerstone', () => {
    const c = Math.SQRT1_2;
    expect(previewLayout({ ...header, direction: [c, c, 0, -c, c, 0, 0, 0, 1] }, 'axial')).toBeNull();
  });

  it('fits the whole image into the pane, centred, aspect kept', () => {
    const coronal = previewLayout(header, 'coronal') as NonNullable<ReturnType<typeof previewLayout>>;
    // 1.5 mm wide, 8 mm tall into 300 × 400 px: 50 px per mm.
    expect(previewBox(coronal, 300, 400)).toEqual({ left: 112.5, top: 0, width: 75, height: 400 });
  });
});
