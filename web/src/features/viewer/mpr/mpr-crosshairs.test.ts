import { describe, expect, it } from 'vitest';
import { type CrosshairViewport, createMprCrosshairs } from './mpr-crosshairs.ts';
import type { PaneId } from './mpr-settings.ts';
import type { PlanarCamera } from './plane-camera.ts';

const START: Record<PaneId, PlanarCamera> = {
  axial: { viewPlaneNormal: [0, 0, -1], viewUp: [0, -1, 0], focalPoint: [0, 0, 0], position: [0, 0, 100] },
  coronal: { viewPlaneNormal: [0, 1, 0], viewUp: [0, 0, 1], focalPoint: [0, 0, 0], position: [0, -100, 0] },
  sagittal: { viewPlaneNormal: [-1, 0, 0], viewUp: [0, 0, 1], focalPoint: [0, 0, 0], position: [100, 0, 0] },
};

/** A viewport that keeps its camera and zoom and counts its renders. */
function fakeViewport(pane: PaneId, zoom = 1) {
  const viewport = {
    camera: START[pane],
    zoom,
    renders: 0,
    getCamera: () => viewport.camera,
    setCamera: (camera: PlanarCamera) => {
      viewport.camera = camera;
    },
    resetCamera: () => {
      viewport.camera = START[pane];
    },
    getZoom: () => viewport.zoom,
    setZoom: (next: number) => {
      viewport.zoom = next;
    },
    render: () => {
      viewport.renders++;
    },
  };
  return viewport satisfies CrosshairViewport;
}

function panes(zoom?: number) {
  const viewports = {
    axial: fakeViewport('axial', zoom),
    coronal: fakeViewport('coronal'),
    sagittal: fakeViewport('sagittal'),
  };
  return { viewports, crosshairs: createMprCrosshairs((pane) => viewports[pane]) };
}

describe('MPR crosshairs', () => {
  it("turns the landmark's view-type pane into its plane and moves the others through its centre", () => {
    const { viewports, crosshairs } = panes();
    // A coronal landmark (view type 5) on a plane tilted about x, reslice centre apart from its centroid.
    crosshairs.snapToPlane({ normal: [0, 1, 1], centroid: [5, 6, 7], resliceCenter: [1, 2, 3], viewType: 5 });
    const coronal = viewports.coronal.camera;
    expect(coronal.focalPoint).toEqual([5, 6, 7]);
    expect(coronal.viewPlaneNormal?.[1]).toBeCloseTo(Math.SQRT1_2);
    expect(coronal.viewPlaneNormal?.[2]).toBeCloseTo(Math.SQRT1_2);
    // The axial and sagittal panes keep their orientation and slide to the reslice centre.
    expect(viewports.axial.camera.viewPlaneNormal).toEqual([0, 0, -1]);
    expect(viewports.axial.camera.focalPoint).toEqual([0, 0, 3]);
    expect(viewports.sagittal.camera.focalPoint).toEqual([1, 0, 0]);
  });

  it('turns the axial pane when the view type is missing, through the centroid', () => {
    const { viewports, crosshairs } = panes();
    crosshairs.snapToPlane({ normal: [0, 0, 1], centroid: [1, 2, 3] });
    expect(viewports.axial.camera.focalPoint).toEqual([1, 2, 3]);
    // Flipped to the pane's side: the axial view does not mirror.
    expect(viewports.axial.camera.viewPlaneNormal?.map((v) => v + 0)).toEqual([0, 0, -1]);
    expect(viewports.coronal.camera.focalPoint).toEqual([0, 2, 0]);
  });

  it('puts every camera back where the volume started', () => {
    const { viewports, crosshairs } = panes();
    crosshairs.snapToPlane({ normal: [1, 1, 0], centroid: [9, 9, 9] });
    crosshairs.resetCameras();
    for (const pane of ['axial', 'coronal', 'sagittal'] as const) expect(viewports[pane].camera).toBe(START[pane]);
  });

  it('keeps the zoom within 1–50 (spec §9), redrawing only when it had to change it', () => {
    for (const [zoom, kept] of [
      [0.4, 1],
      [80, 50],
    ]) {
      const { viewports, crosshairs } = panes(zoom);
      expect(crosshairs.clampZoom('axial')).toBe(true);
      expect(viewports.axial.zoom).toBe(kept);
      expect(viewports.axial.renders).toBe(1);
    }
    const { viewports, crosshairs } = panes(3);
    expect(crosshairs.clampZoom('axial')).toBe(false);
    expect(viewports.axial.renders).toBe(0);
  });
});
