import type { Point3 } from '@cardiomap/domain';
import { clampZoom, PANE_IDS, type PaneId } from './mpr-settings.ts';
import { type PlanarCamera, planeCamera, sliceThrough } from './plane-camera.ts';

/** A landmark's plane (spec §3 Landmark), to bring the panes to. */
export interface MprPlaneTarget {
  normal: Point3;
  centroid: Point3;
  /** Where the other panes' slices cross; the centroid when missing. */
  resliceCenter?: Point3 | null;
  /** Spec §3 view type (4 sagittal, 5 coronal, 6 axial): the pane turned into the plane; axial when missing. */
  viewType?: number;
}

/** What the crosshairs move of a pane's viewport (Cornerstone's IVolumeViewport has all of it). */
export interface CrosshairViewport {
  getCamera(): PlanarCamera;
  setCamera(camera: PlanarCamera): void;
  resetCamera(): unknown;
  getZoom(): number;
  setZoom(zoom: number): void;
  render(): void;
}

/** Spec §3 landmark view types. */
const VIEW_TYPE_PANES: Record<number, PaneId> = { 4: 'sagittal', 5: 'coronal', 6: 'axial' };

/**
 * Where the three panes' planes are and how they cross: a landmark's plane brought into its pane with
 * the other two through its centre, every camera back to the volume's start, and spec §9's zoom kept
 * within 1–50 whatever changed it. Works on the viewports the controller hands it; the crosshairs'
 * own drawing and dragging are Cornerstone's tool (mpr-tools.ts).
 */
export function createMprCrosshairs(viewport: (pane: PaneId) => CrosshairViewport | undefined) {
  return {
    /** Turns one pane into the plane and moves the other two through its centre (not rendered yet). */
    snapToPlane(target: MprPlaneTarget): void {
      const own = VIEW_TYPE_PANES[target.viewType ?? 6] ?? 'axial';
      const center = target.resliceCenter ?? target.centroid;
      for (const pane of PANE_IDS) {
        const vp = viewport(pane);
        if (!vp) continue;
        const camera = vp.getCamera();
        const next = pane === own ? planeCamera(camera, target.normal, target.centroid) : sliceThrough(camera, center);
        if (next) vp.setCamera(next);
      }
    },
    /** Every pane's camera back to the volume's start: middle slice, fitted, along the patient axes. */
    resetCameras(): void {
      for (const pane of PANE_IDS) viewport(pane)?.resetCamera();
    },
    /**
     * Brings the pane's zoom back within 1–50 (pan and crosshair moves can change it too) and redraws;
     * false when it was within already.
     */
    clampZoom(pane: PaneId): boolean {
      const vp = viewport(pane);
      if (!vp) return false;
      const zoom = vp.getZoom();
      const clamped = clampZoom(zoom);
      if (Math.abs(clamped - zoom) <= 1e-6 || !Number.isFinite(zoom)) return false;
      vp.setZoom(clamped);
      vp.render();
      return true;
    },
  };
}

export type MprCrosshairs = ReturnType<typeof createMprCrosshairs>;
