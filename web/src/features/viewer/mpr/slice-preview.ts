import type { VolumeHeader, VolumeLevels } from '@cardiomap/domain';
import { levelsToRange, type PaneId } from './mpr-settings.ts';

/**
 * The panes' first image, drawn on a plain 2D canvas straight from the voxel array while Cornerstone
 * is still allocating its GPU texture (seconds on a software-GL machine: 524 MB of floats for a
 * 500-slice volume). It is the same picture Cornerstone's reset camera shows: the slice through the
 * volume centre (Cornerstone's getVolumeCenterIJK: floor(n / 2) along the pane's normal), fitted whole
 * into the pane (voxel edges, aspect kept, centred), radiological orientation, linear W/L. Only for
 * volumes whose axes lie along the patient axes; an oblique one waits for Cornerstone.
 */

type Axis = 0 | 1 | 2;

/** Which voxel axis runs along the screen's right and down, and the one the pane cuts through. */
export interface PreviewLayout {
  right: { axis: Axis; flip: boolean };
  down: { axis: Axis; flip: boolean };
  normal: Axis;
  /** Voxel index along `normal` of the slice shown. */
  sliceIndex: number;
  /** Image size in voxels. */
  width: number;
  height: number;
  /** Image size in mm (voxel edges). */
  widthMm: number;
  heightMm: number;
}

/**
 * Patient directions (LPS) of the screen's right and down in each pane: Cornerstone's MPR camera values
 * (axial viewUp -y, coronal and sagittal viewUp +z; viewRight +x, +x, +y).
 */
const SCREEN: Record<PaneId, { right: readonly number[]; down: readonly number[] }> = {
  axial: { right: [1, 0, 0], down: [0, 1, 0] },
  coronal: { right: [1, 0, 0], down: [0, 0, -1] },
  sagittal: { right: [0, 1, 0], down: [0, 0, -1] },
};

const ALIGNED = 1 - 1e-3;

/** The voxel axis along `screen` and whether it runs against it; null if none lies along it. */
function alignedAxis(direction: readonly number[], screen: readonly number[]): { axis: Axis; flip: boolean } | null {
  for (const axis of [0, 1, 2] as const) {
    const dot =
      (direction[axis * 3] ?? 0) * (screen[0] ?? 0) +
      (direction[axis * 3 + 1] ?? 0) * (screen[1] ?? 0) +
      (direction[axis * 3 + 2] ?? 0) * (screen[2] ?? 0);
    if (Math.abs(dot) >= ALIGNED) return { axis, flip: dot < 0 };
  }
  return null;
}

export function previewLayout(
  header: Pick<VolumeHeader, 'dimensions' | 'spacing' | 'direction'>,
  pane: PaneId,
): PreviewLayout | null {
  const right = alignedAxis(header.direction, SCREEN[pane].right);
  const down = alignedAxis(header.direction, SCREEN[pane].down);
  if (!right || !down || right.axis === down.axis) return null;
  const normal = (3 - right.axis - down.axis) as Axis;
  const { dimensions, spacing } = header;
  return {
    right,
    down,
    normal,
    sliceIndex: Math.floor(dimensions[normal] / 2),
    width: dimensions[right.axis],
    height: dimensions[down.axis],
    widthMm: dimensions[right.axis] * spacing[right.axis],
    heightMm: dimensions[down.axis] * spacing[down.axis],
  };
}

/**
 * Fills `rgba` (layout.width × layout.height, opaque grey) with the layout's slice of `voxels`
 * (columns fastest, then rows, then slices) through the linear window `levels`. Slices not marked in
 * `present` show as `absent` (the air Cornerstone shows there), whatever the array holds.
 */
export function renderPreview(
  voxels: Int16Array,
  dimensions: readonly [number, number, number],
  layout: PreviewLayout,
  levels: VolumeLevels,
  rgba: Uint8ClampedArray,
  present?: { slices: Uint8Array; absent: number },
): void {
  const { lower, upper } = levelsToRange(levels);
  const scale = 255 / Math.max(1e-6, upper - lower);
  const strides = [1, dimensions[0], dimensions[0] * dimensions[1]];
  const { right, down, width, height } = layout;
  const rightStride = (strides[right.axis] as number) * (right.flip ? -1 : 1);
  const downStride = (strides[down.axis] as number) * (down.flip ? -1 : 1);
  const base =
    layout.sliceIndex * (strides[layout.normal] as number) +
    (right.flip ? (width - 1) * (strides[right.axis] as number) : 0) +
    (down.flip ? (height - 1) * (strides[down.axis] as number) : 0);
  const sliceSize = strides[2] as number;
  const absentGrey = present ? (present.absent - lower) * scale : 0;
  let out = 0;
  for (let v = 0; v < height; v++) {
    let at = base + v * downStride;
    // Whether a slice is in is the same along a whole row unless the row runs across slices, so it is
    // asked once a row: while the volume streams most rows of the coronal and sagittal panes are absent.
    const rowSlice = layout.normal === 2 ? layout.sliceIndex : down.axis === 2 ? (at / sliceSize) | 0 : -1;
    if (present && rowSlice >= 0 && !present.slices[rowSlice]) {
      for (let u = 0; u < width; u++, out += 4) {
        rgba[out] = absentGrey;
        rgba[out + 1] = absentGrey;
        rgba[out + 2] = absentGrey;
        rgba[out + 3] = 255;
      }
      continue;
    }
    const perPixel = present && rowSlice < 0;
    for (let u = 0; u < width; u++, at += rightStride) {
      const value = perPixel && !present.slices[(at / sliceSize) | 0] ? present.absent : (voxels[at] as number);
      const grey = (value - lower) * scale;
      rgba[out] = grey;
      rgba[out + 1] = grey;
      rgba[out + 2] = grey;
      rgba[out + 3] = 255;
      out += 4;
    }
  }
}

/** The CSS box (px, in a pane of `paneWidth` × `paneHeight`) the image fills: fitted whole, centred. */
export function previewBox(layout: PreviewLayout, paneWidth: number, paneHeight: number) {
  const mmToPx = Math.min(paneWidth / layout.widthMm, paneHeight / layout.heightMm);
  const width = layout.widthMm * mmToPx;
  const height = layout.heightMm * mmToPx;
  return { left: (paneWidth - width) / 2, top: (paneHeight - height) / 2, width, height };
}

export interface PanePreview {
  /** Redraws from the voxels as they are now. */
  draw(levels: VolumeLevels): void;
  remove(): void;
}

/** A canvas over the pane element showing its preview; null when the volume is oblique or no 2D canvas. */
export function createPanePreview(
  element: HTMLElement,
  pane: PaneId,
  header: VolumeHeader,
  voxels: Int16Array,
  present: { slices: Uint8Array; absent: number },
): PanePreview | null {
  const layout = previewLayout(header, pane);
  if (!layout || element.clientWidth === 0 || element.clientHeight === 0) return null;
  const canvas = element.ownerDocument.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  canvas.width = layout.width;
  canvas.height = layout.height;
  canvas.dataset.testid = `mpr-preview-${pane}`;
  const box = previewBox(layout, element.clientWidth, element.clientHeight);
  Object.assign(canvas.style, {
    position: 'absolute',
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    pointerEvents: 'none',
    zIndex: '1',
  });
  // Black around the image, as Cornerstone's background.
  const backdrop = element.ownerDocument.createElement('div');
  Object.assign(backdrop.style, {
    position: 'absolute',
    inset: '0',
    background: '#000',
    pointerEvents: 'none',
    zIndex: '1',
  });
  const image = context.createImageData(layout.width, layout.height);
  element.append(backdrop, canvas);
  return {
    draw(levels) {
      renderPreview(voxels, header.dimensions, layout, levels, image.data, present);
      context.putImageData(image, 0, 0);
    },
    remove() {
      backdrop.remove();
      canvas.remove();
    },
  };
}
