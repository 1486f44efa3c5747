import type { Point3, VolumeHeader } from '@cardiomap/domain';
import { type MprLandmark, type PaneLandmarkShape, paneShapes } from './landmark-overlay.ts';
import { PANE_IDS, type PaneId } from './mpr-settings.ts';
import { type PaneReadout, readPane, type ViewportLike } from './pane-readout.ts';

/** A pane's plane and how a patient point maps to its CSS pixels, for overlays drawn outside the engine. */
export interface MprPaneProjection {
  plane: { normal: Point3; centroid: Point3 };
  toCanvas(point: Point3): [number, number];
}

export interface MprPointer {
  pane: PaneId;
  /** Patient coordinates (mm, LPS). */
  world: [number, number, number];
  /** Hounsfield units of the voxel there; null outside the volume. */
  hu: number | null;
}

type Vec3 = [number, number, number];

/** What the overlays read of a pane's viewport (Cornerstone's IVolumeViewport has all of it). */
export interface OverlayViewport extends ViewportLike {
  getCamera(): { viewUp?: Vec3; viewPlaneNormal?: Vec3; focalPoint?: Vec3 };
  worldToCanvas(point: Point3): number[];
  canvasToWorld(point: [number, number]): number[];
  getIntensityFromWorld(point: [number, number, number]): number;
}

/** The snapshot fields the overlays keep. */
export interface OverlayState {
  panes: Record<PaneId, PaneReadout>;
  pointer: MprPointer | null;
  landmarks: Record<PaneId, PaneLandmarkShape[]>;
}

export interface MprOverlays {
  paneProjection(pane: PaneId): MprPaneProjection | null;
  /** Landmarks to draw: each pane shows the points within 0.5 mm of its plane. */
  setLandmarks(landmarks: readonly MprLandmark[]): void;
  /** A pane redrew (scroll, rotation, zoom, pan, resize): its landmarks follow, and so do the listeners. */
  paneRendered(pane: PaneId): void;
  onPaneRendered(listener: (pane: PaneId) => void): () => void;
  /** Slice, position, zoom and labels of every pane, read again (after a camera change of all three). */
  refreshPanes(): void;
  /** One pane's read-out, read again (its camera changed). */
  refreshPane(pane: PaneId): void;
  /** The patient point and HU under the mouse at `canvas` (CSS pixels in the pane). */
  readPointer(pane: PaneId, canvas: [number, number]): void;
  clearPointer(): void;
  dispose(): void;
}

/**
 * What the MPR panes show over Cornerstone's image, kept in the engine's snapshot: each pane's
 * read-out (slice, position, zoom, orientation labels), the point under the mouse with its HU, and the
 * landmark points on each pane's plane in CSS pixels. No Cornerstone import: it reads the viewports
 * the controller hands it.
 */
export function createMprOverlays(deps: {
  viewport(pane: PaneId): OverlayViewport | undefined;
  read(): OverlayState;
  update(change: Partial<OverlayState>): void;
  /** The shown volume's header, once known: a pane read-out says when its slice was interpolated. */
  header?(): VolumeHeader | undefined;
}): MprOverlays {
  let landmarks: readonly MprLandmark[] = [];
  const renderedListeners = new Set<(pane: PaneId) => void>();

  function paneProjection(pane: PaneId): MprPaneProjection | null {
    const vp = deps.viewport(pane);
    if (!vp) return null;
    const { viewPlaneNormal, focalPoint } = vp.getCamera();
    if (!viewPlaneNormal || !focalPoint) return null;
    return {
      plane: { normal: viewPlaneNormal, centroid: focalPoint },
      toCanvas: (point) => vp.worldToCanvas(point) as [number, number],
    };
  }

  function refreshLandmarks(pane: PaneId) {
    const shown = deps.read().landmarks[pane];
    if (landmarks.length === 0 && shown.length === 0) return;
    const projection = paneProjection(pane);
    if (!projection) return;
    const shapes = paneShapes(landmarks, projection.plane, projection.toCanvas);
    deps.update({ landmarks: { ...deps.read().landmarks, [pane]: shapes } });
  }

  return {
    paneProjection,
    setLandmarks(next) {
      landmarks = next;
      for (const pane of PANE_IDS) refreshLandmarks(pane);
    },
    paneRendered(pane) {
      refreshLandmarks(pane);
      for (const listener of renderedListeners) listener(pane);
    },
    onPaneRendered(listener) {
      renderedListeners.add(listener);
      return () => renderedListeners.delete(listener);
    },
    refreshPanes() {
      const panes = { ...deps.read().panes };
      for (const pane of PANE_IDS) {
        const vp = deps.viewport(pane);
        if (vp) panes[pane] = readPane(vp, deps.header?.());
      }
      deps.update({ panes });
    },
    refreshPane(pane) {
      const vp = deps.viewport(pane);
      if (vp) deps.update({ panes: { ...deps.read().panes, [pane]: readPane(vp, deps.header?.()) } });
    },
    readPointer(pane, canvas) {
      const vp = deps.viewport(pane);
      if (!vp) return;
      const world = vp.canvasToWorld(canvas) as [number, number, number];
      const value = vp.getIntensityFromWorld(world);
      deps.update({ pointer: { pane, world, hu: Number.isFinite(value) ? Math.round(value) : null } });
    },
    clearPointer: () => deps.update({ pointer: null }),
    dispose: () => renderedListeners.clear(),
  };
}
