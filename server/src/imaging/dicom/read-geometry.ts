/**
 * Where each frame lies in patient space: from the image plane module of a classic image, or from the
 * functional groups (per-frame, falling back to shared) of an enhanced multi-frame image.
 */
import type { DataSet } from 'dicom-parser';
import type { FrameGeometry, Vec3 } from '../types.ts';
import { firstItem, numbers } from './data-set-values.ts';

const TAG = {
  imagePosition: 'x00200032',
  imageOrientation: 'x00200037',
  pixelSpacing: 'x00280030',
  sharedGroups: 'x52009229',
  perFrameGroups: 'x52009230',
  planePosition: 'x00209113',
  planeOrientation: 'x00209116',
  pixelMeasures: 'x00289110',
};

export type GeometryResult = { ok: true; frames: FrameGeometry[] } | { ok: false; reason: string };

/** Row and column directions must be unit vectors at right angles (with the rounding scanners apply). */
function orientationIsUsable(o: number[]): boolean {
  const [a, b, c, d, e, f] = o as [number, number, number, number, number, number];
  const rowLength = Math.hypot(a, b, c);
  const colLength = Math.hypot(d, e, f);
  const dot = a * d + b * e + c * f;
  return Math.abs(rowLength - 1) < 0.01 && Math.abs(colLength - 1) < 0.01 && Math.abs(dot) < 0.01;
}

function frameGeometry(
  position: number[] | undefined,
  orientation: number[] | undefined,
  spacing: number[] | undefined,
  where: string,
): FrameGeometry | string {
  if (!position) return `${where}: no usable ImagePositionPatient`;
  if (!orientation) return `${where}: no usable ImageOrientationPatient`;
  if (!spacing) return `${where}: no usable PixelSpacing`;
  if (!orientationIsUsable(orientation)) return `${where}: ImageOrientationPatient is not two orthogonal unit vectors`;
  if (!(spacing[0]! > 0 && spacing[1]! > 0)) return `${where}: PixelSpacing is not positive`;
  return {
    position: position as Vec3,
    orientation: orientation as FrameGeometry['orientation'],
    pixelSpacing: spacing as [number, number],
  };
}

/** A functional-group macro from the frame's own item, else from the shared item. */
function groupMacro(perFrame: DataSet | undefined, shared: DataSet | undefined, tag: string): DataSet | undefined {
  return firstItem(perFrame, tag) ?? firstItem(shared, tag);
}

export function readGeometry(ds: DataSet, numberOfFrames: number): GeometryResult {
  const perFrameItems = ds.elements[TAG.perFrameGroups]?.items;
  const shared = firstItem(ds, TAG.sharedGroups);
  if (!perFrameItems && !shared) {
    const frame = frameGeometry(
      numbers(ds, TAG.imagePosition, 3),
      numbers(ds, TAG.imageOrientation, 6),
      numbers(ds, TAG.pixelSpacing, 2),
      'image',
    );
    if (typeof frame === 'string') return { ok: false, reason: frame };
    if (numberOfFrames === 1) return { ok: true, frames: [frame] };
    // A classic IOD with several frames gives one position for all: there is no way to place the others.
    return { ok: false, reason: `${numberOfFrames} frames share one ImagePositionPatient` };
  }
  const frames: FrameGeometry[] = [];
  for (let i = 0; i < numberOfFrames; i++) {
    const own = perFrameItems?.[i]?.dataSet;
    const frame = frameGeometry(
      numbers(groupMacro(own, shared, TAG.planePosition), TAG.imagePosition, 3),
      numbers(groupMacro(own, shared, TAG.planeOrientation), TAG.imageOrientation, 6),
      numbers(groupMacro(own, shared, TAG.pixelMeasures), TAG.pixelSpacing, 2),
      `frame ${i + 1}`,
    );
    if (typeof frame === 'string') return { ok: false, reason: frame };
    frames.push(frame);
  }
  return { ok: true, frames };
}

/** Slice thickness of an enhanced image lives in the pixel measures macro. */
export function enhancedSliceThickness(ds: DataSet): number | undefined {
  const own = ds.elements[TAG.perFrameGroups]?.items?.[0]?.dataSet;
  const shared = firstItem(ds, TAG.sharedGroups);
  return numbers(groupMacro(own, shared, TAG.pixelMeasures), 'x00180050', 1)?.[0];
}

/** The functional-group macro (shared or first frame) holding `tag`, for rescale and window in enhanced images. */
export function enhancedMacro(ds: DataSet, tag: string): DataSet | undefined {
  const own = ds.elements[TAG.perFrameGroups]?.items?.[0]?.dataSet;
  return groupMacro(own, firstItem(ds, TAG.sharedGroups), tag);
}
