import type { Point3 } from '@cardiomap/domain';
import { CylinderGeometry } from 'three';
import { describe, expect, it, vi } from 'vitest';
import type { MprPaneProjection } from '../mpr/index.ts';
import type { PaneId } from '../mpr/mpr-settings.ts';
import { type ContourEngine, type ContourSource, createContourController } from './contour-controller.ts';

const R = 20;

/** A closed tube of radius R along z from 0 to 100 mm, centred on x = y = 0, as a scene file parses. */
const tube = () => [new CylinderGeometry(R, R, 100, 48, 2).rotateX(Math.PI / 2).translate(0, 0, 50)];

/** Axial shows x, y; coronal x, z; sagittal y, z. */
const AXES: Record<PaneId, readonly [0 | 1 | 2, 0 | 1 | 2]> = { axial: [0, 1], coronal: [0, 2], sagittal: [1, 2] };

/** An engine whose panes look along the patient axes; each pane's plane and pixel scale can be changed. */
function fakeEngine() {
  const listeners = new Set<(pane: PaneId) => void>();
  const views: Record<PaneId, { normal: Point3; centroid: Point3; pixelsPerMm: number }> = {
    axial: { normal: [0, 0, 1], centroid: [0, 0, 30], pixelsPerMm: 1 },
    coronal: { normal: [0, 1, 0], centroid: [0, 0, 30], pixelsPerMm: 1 },
    sagittal: { normal: [1, 0, 0], centroid: [0, 0, 30], pixelsPerMm: 1 },
  };
  const engine: ContourEngine = {
    paneProjection: (pane): MprPaneProjection => {
      const { normal, centroid, pixelsPerMm } = views[pane];
      // (200, 200) px is the patient origin.
      const [u, v] = AXES[pane];
      return {
        plane: { normal, centroid },
        toCanvas: (point) => [200 + point[u] * pixelsPerMm, 200 + point[v] * pixelsPerMm],
      };
    },
    onPaneRendered: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const render = (pane: PaneId) => {
    for (const listener of listeners) listener(pane);
  };
  return { engine, views, render, listeners };
}

const SOURCE: ContourSource = { id: 'r1', name: 'Aorta', filename: 'aorta.stl', readUrl: '/files/aorta.stl' };

/** The path's coordinates as pixel pairs. */
const pointsOf = (path: string) =>
  [...path.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

async function settle() {
  await vi.waitFor(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function setUp(loadMesh = vi.fn(async () => tube())) {
  const controller = createContourController({ loadMesh });
  const fake = fakeEngine();
  controller.setEngine(fake.engine);
  controller.setSource(SOURCE);
  return { controller, loadMesh, ...fake };
}

describe('contour controller', () => {
  it('downloads nothing until turned on, then draws each pane’s cut of the mesh', async () => {
    const { controller, loadMesh } = setUp();
    expect(loadMesh).not.toHaveBeenCalled();
    controller.setEnabled(true);
    expect(controller.getSnapshot().status).toBe('loading');
    await settle();
    const { status, paths } = controller.getSnapshot();
    expect(status).toBe('ready');
    expect(loadMesh).toHaveBeenCalledWith(
      { url: '/files/aorta.stl', filename: 'aorta.stl', mimeType: undefined },
      expect.any(AbortSignal),
    );
    // Axial at z = 30 cuts the tube in a ring of radius R around the origin's pixel.
    expect(paths.axial).toMatch(/^M.*Z$/);
    for (const [x, y] of pointsOf(paths.axial)) expect(Math.hypot(x - 200, y - 200)).toBeCloseTo(R, 0);
    // Coronal through the axis cuts its two sides (and the end caps) into one outline 2R wide.
    const xs = pointsOf(paths.coronal).map(([x]) => x);
    expect(Math.min(...xs)).toBeCloseTo(200 - R, 0);
    expect(Math.max(...xs)).toBeCloseTo(200 + R, 0);
  });

  it('follows a pane when it redraws on another plane or at another zoom, and clears where the plane misses', async () => {
    const { controller, views, render } = setUp();
    controller.setEnabled(true);
    await settle();
    views.axial.pixelsPerMm = 2;
    render('axial');
    for (const [x, y] of pointsOf(controller.getSnapshot().paths.axial)) {
      expect(Math.hypot(x - 200, y - 200)).toBeCloseTo(2 * R, 0);
    }
    views.axial.centroid = [0, 0, 150];
    render('axial');
    expect(controller.getSnapshot().paths.axial).toBe('');
    expect(controller.getSnapshot().paths.sagittal).not.toBe('');
  });

  it('draws nothing when off, and keeps the mesh to draw again at once when turned back on', async () => {
    const { controller, loadMesh, views, render } = setUp();
    controller.setEnabled(true);
    await settle();
    controller.setEnabled(false);
    expect(controller.getSnapshot().paths).toEqual({ axial: '', coronal: '', sagittal: '' });
    views.axial.centroid = [0, 0, 60];
    render('axial');
    expect(controller.getSnapshot().paths.axial).toBe('');
    controller.setEnabled(true);
    expect(controller.getSnapshot().paths.axial).not.toBe('');
    expect(loadMesh).toHaveBeenCalledTimes(1);
  });

  it('reports a failed download, and tries again when turned off and on', async () => {
    const loadMesh = vi.fn().mockRejectedValueOnce(new Error('Could not read aorta.stl as STL.'));
    loadMesh.mockResolvedValue(tube());
    const { controller } = setUp(loadMesh);
    controller.setEnabled(true);
    await settle();
    expect(controller.getSnapshot()).toMatchObject({ status: 'error', error: 'Could not read aorta.stl as STL.' });
    controller.setEnabled(false);
    controller.setEnabled(true);
    await settle();
    expect(controller.getSnapshot()).toMatchObject({ status: 'ready', error: null });
    expect(controller.getSnapshot().paths.axial).not.toBe('');
  });

  it('drops a download a newer source replaced', async () => {
    let finishOld: (value: ReturnType<typeof tube>) => void = () => undefined;
    const loadMesh = vi.fn().mockImplementationOnce(() => new Promise((resolve) => (finishOld = resolve)));
    const far = () => [new CylinderGeometry(5, 5, 10, 16).rotateX(Math.PI / 2).translate(0, 0, 30)];
    loadMesh.mockImplementation(async () => far());
    const { controller } = setUp(loadMesh);
    controller.setEnabled(true);
    controller.setSource({ ...SOURCE, id: 'r2', name: 'Atrium' });
    await settle();
    finishOld(tube());
    await settle();
    expect(loadMesh).toHaveBeenCalledTimes(2);
    const [, firstSignal] = loadMesh.mock.calls[0] as [unknown, AbortSignal];
    expect(firstSignal.aborted).toBe(true);
    for (const [x, y] of pointsOf(controller.getSnapshot().paths.axial)) {
      expect(Math.hypot(x - 200, y - 200)).toBeCloseTo(5, 0);
    }
  });

  it('stops following the engine once destroyed', async () => {
    const { controller, listeners } = setUp();
    controller.destroy();
    expect(listeners.size).toBe(0);
  });
});
