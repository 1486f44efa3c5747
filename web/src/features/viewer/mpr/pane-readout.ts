import type { VolumeHeader } from '@cardiomap/domain';
import { showsInterpolatedSlice } from './interpolated-slice.ts';
import { type OrientationLabels, orientationLabels, type Vec3 } from './orientation-labels.ts';

export interface PaneReadout {
  /** 0-based, along the pane's normal through the volume. */
  sliceIndex: number;
  sliceCount: number;
  /** The slice plane's patient coordinate along its main axis (mm), signed as DICOM's x, y or z. */
  positionMm: number;
  zoom: number;
  labels: OrientationLabels;
  /** The plane is a volume slice interpolated between acquired ones: no image was acquired there. */
  interpolated: boolean;
}

export const EMPTY_READOUT: PaneReadout = {
  sliceIndex: 0,
  sliceCount: 0,
  positionMm: 0,
  zoom: 1,
  labels: { top: '', bottom: '', left: '', right: '' },
  interpolated: false,
};

/**
 * Where the slice plane lies, as the patient coordinate a reader expects: an axial plane at z = 12 mm
 * reads 12 whichever way the camera looks (Cornerstone's axial normal points to the feet).
 */
export function slicePositionMm(focalPoint: Vec3, viewPlaneNormal: Vec3): number {
  const axes = [0, 1, 2] as const;
  const main = axes.reduce((best, axis) =>
    Math.abs(viewPlaneNormal[axis]) > Math.abs(viewPlaneNormal[best]) ? axis : best,
  );
  const sign = viewPlaneNormal[main] < 0 ? -1 : 1;
  const along =
    focalPoint[0] * viewPlaneNormal[0] + focalPoint[1] * viewPlaneNormal[1] + focalPoint[2] * viewPlaneNormal[2];
  return sign * along;
}

export interface ViewportLike {
  getCamera(): { viewUp?: number[]; viewPlaneNormal?: number[]; focalPoint?: number[] };
  getZoom(): number;
  getSliceIndex(): number;
  getNumberOfSlices(): number;
}

/** The pane's read-out; `header`, the volume's, tells whether its plane is an interpolated slice. */
export function readPane(viewport: ViewportLike, header?: VolumeHeader): PaneReadout {
  const { viewUp, viewPlaneNormal, focalPoint } = viewport.getCamera();
  if (!viewUp || !viewPlaneNormal || !focalPoint) return EMPTY_READOUT;
  const up = viewUp as unknown as Vec3;
  const normal = viewPlaneNormal as unknown as Vec3;
  return {
    sliceIndex: viewport.getSliceIndex(),
    sliceCount: viewport.getNumberOfSlices(),
    positionMm: slicePositionMm(focalPoint as unknown as Vec3, normal),
    zoom: viewport.getZoom(),
    labels: orientationLabels(up, normal),
    interpolated: header ? showsInterpolatedSlice(header, focalPoint as unknown as Vec3, normal) : false,
  };
}
