import { describe, expect, it, vi } from 'vitest';
import type { MprLandmark } from './landmark-overlay.ts';
import { createMprOverlays, type OverlayState, type OverlayViewport } from './mpr-overlays.ts';
import type { PaneId } from './mpr-settings.ts';
import { EMPTY_READOUT } from './pane-readout.ts';

/** An axial-looking viewport at slice `z`: 2 CSS pixels per mm, the HU is the point's x. */
function axialViewport(z: number): OverlayViewport {
  return {
    getCamera: () => ({ viewUp: [0, -1, 0], viewPlaneNormal: [0, 0, -1], focalPoint: [0, 0, z] }),
    getZoom: () => 1.5,
    getSliceIndex: () => z,
    getNumberOfSlices: () => 100,
    worldToCanvas: (point) => [point[0] * 2, point[1] * 2],
    canvasToWorld: ([x, y]) => [x / 2, y / 2, z],
    getIntensityFromWorld: ([x]) => (x < 0 ? Number.NaN : x + 0.4),
  };
}

function overlaysOver(viewports: Partial<Record<PaneId, OverlayViewport>>) {
  let state: OverlayState = {
    panes: { axial: EMPTY_READOUT, coronal: EMPTY_READOUT, sagittal: EMPTY_READOUT },
    pointer: null,
    landmarks: { axial: [], coronal: [], sagittal: [] },
  };
  const overlays = createMprOverlays({
    viewport: (pane) => viewports[pane],
    read: () => state,
    update: (change) => {
      state = { ...state, ...change };
    },
  });
  return { overlays, state: () => state };
}

const landmark = (points: MprLandmark['points']): MprLandmark => ({
  id: 'lm',
  color: 'red',
  points,
  closed: false,
  draggable: true,
});

describe('MPR overlays', () => {
  it("draws each landmark's points on the planes they lie in, in the pane's pixels, and follows a redraw", () => {
    const viewports = { axial: axialViewport(10) };
    const { overlays, state } = overlaysOver(viewports);
    overlays.setLandmarks([
      landmark([
        [1, 2, 10.2],
        [3, 4, 20],
      ]),
    ]);
    expect(state().landmarks.axial).toEqual([
      { id: 'lm', color: 'red', closed: false, draggable: true, points: [[2, 4], null] },
    ]);
    // No camera in the other panes yet: nothing drawn there.
    expect(state().landmarks.coronal).toEqual([]);
    // The pane scrolled to slice 20 and redrew: the other point shows, and listeners hear of it.
    viewports.axial = axialViewport(20);
    const heard = vi.fn();
    overlays.onPaneRendered(heard);
    overlays.paneRendered('axial');
    expect(state().landmarks.axial[0]?.points).toEqual([null, [6, 8]]);
    expect(heard).toHaveBeenCalledWith('axial');
  });

  it("gives a pane's projection only once it has a camera", () => {
    const { overlays } = overlaysOver({ axial: axialViewport(10) });
    const projection = overlays.paneProjection('axial');
    expect(projection?.plane).toEqual({ normal: [0, 0, -1], centroid: [0, 0, 10] });
    expect(projection?.toCanvas([1, 1, 10])).toEqual([2, 2]);
    expect(overlays.paneProjection('sagittal')).toBeNull();
  });

  it('reads the point and HU under the mouse, no HU outside the volume, and forgets it on leaving', () => {
    const { overlays, state } = overlaysOver({ axial: axialViewport(10) });
    overlays.readPointer('axial', [8, 6]);
    expect(state().pointer).toEqual({ pane: 'axial', world: [4, 3, 10], hu: 4 });
    overlays.readPointer('axial', [-8, 6]);
    expect(state().pointer?.hu).toBeNull();
    overlays.clearPointer();
    expect(state().pointer).toBeNull();
  });

  it("reads the panes' slice, zoom and labels", () => {
    const { overlays, state } = overlaysOver({ axial: axialViewport(10) });
    overlays.refreshPanes();
    expect(state().panes.axial).toMatchObject({ sliceIndex: 10, sliceCount: 100, zoom: 1.5 });
    expect(state().panes.coronal).toBe(EMPTY_READOUT);
    overlays.refreshPane('coronal');
    expect(state().panes.coronal).toBe(EMPTY_READOUT);
  });

  it('stops telling listeners after dispose', () => {
    const { overlays } = overlaysOver({ axial: axialViewport(10) });
    const heard = vi.fn();
    overlays.onPaneRendered(heard);
    overlays.dispose();
    overlays.paneRendered('axial');
    expect(heard).not.toHaveBeenCalled();
  });
});
