import type { FigureCamera } from '@cardiomap/contract';
import type { Types } from '@cornerstonejs/core';
import { canvasPng } from '../canvas-png.ts';

type Vec3 = [number, number, number];
const vec = (p: ArrayLike<number> | undefined): Vec3 | null =>
  p && p.length >= 3 && [0, 1, 2].every((i) => Number.isFinite(p[i])) ? [p[0]!, p[1]!, p[2]!] : null;

/** A pane's image as PNG with the camera (its plane and zoom) it was drawn with; null before it has one. */
export async function capturePaneImage(vp: Types.IVolumeViewport): Promise<{ png: Blob; camera: FigureCamera } | null> {
  const camera = vp.getCamera();
  const position = vec(camera.position);
  const focalPoint = vec(camera.focalPoint);
  const viewUp = vec(camera.viewUp);
  if (!position || !focalPoint || !viewUp) return null;
  const png = await canvasPng(vp.getCanvas());
  const parallelScale = camera.parallelScale && camera.parallelScale > 0 ? camera.parallelScale : undefined;
  return { png, camera: { position, focalPoint, viewUp, ...(parallelScale ? { parallelScale } : {}) } };
}

/** Brings a pane back to a figure's plane and zoom. */
export function restorePaneCamera(vp: Types.IVolumeViewport, camera: FigureCamera): void {
  const [px, py, pz] = camera.position;
  const [fx, fy, fz] = camera.focalPoint;
  const length = Math.hypot(px - fx, py - fy, pz - fz) || 1;
  vp.setCamera({
    position: camera.position,
    focalPoint: camera.focalPoint,
    viewUp: camera.viewUp,
    viewPlaneNormal: [(px - fx) / length, (py - fy) / length, (pz - fz) / length],
    ...(camera.parallelScale ? { parallelScale: camera.parallelScale } : {}),
  });
  vp.render();
}
