import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { createMprEngine, type MprElements, type MprEngine } from './mpr-engine.ts';
import { startVolumeDownload, type VolumeDownload } from './volume-download.ts';

/**
 * Cornerstone at its edge: a rendering engine whose viewports keep a camera and properties and send
 * IMAGE_RENDERED on their element when drawn, the volume and tools modules recorded instead of built.
 * Everything between (the controller, its parts, the session's download) is the real code.
 */
const cs = vi.hoisted(() => ({
  engines: [] as { id: string; destroyed: boolean }[],
  volumesSet: [] as string[],
  toolModes: [] as string[],
  built: [] as string[],
  released: [] as string[],
}));

vi.mock('@cornerstonejs/core', () => {
  const Events = {
    CAMERA_MODIFIED: 'CORNERSTONE_CAMERA_MODIFIED',
    VOI_MODIFIED: 'CORNERSTONE_VOI_MODIFIED',
    IMAGE_RENDERED: 'CORNERSTONE_IMAGE_RENDERED',
  };
  const START_CAMERA = { viewUp: [0, -1, 0], viewPlaneNormal: [0, 0, -1], focalPoint: [0, 0, 0], position: [0, 0, 9] };
  class FakeViewport {
    properties: { voiRange?: { lower: number; upper: number }; interpolationType?: number } = {};
    camera = START_CAMERA;
    constructor(readonly element: HTMLElement) {}
    getCamera = () => this.camera;
    setCamera(camera: typeof START_CAMERA) {
      this.camera = { ...this.camera, ...camera };
    }
    resetCamera() {
      this.camera = START_CAMERA;
    }
    getZoom = () => 1;
    setZoom() {}
    getSliceIndex = () => 3;
    getNumberOfSlices = () => 7;
    getProperties = () => this.properties;
    setProperties(change: FakeViewport['properties']) {
      this.properties = { ...this.properties, ...change };
    }
    render() {
      this.element.dispatchEvent(new Event(Events.IMAGE_RENDERED));
    }
    worldToCanvas = (point: number[]) => [point[0], point[1]];
    canvasToWorld = ([x, y]: number[]) => [x, y, 0];
    getIntensityFromWorld = () => 40;
  }
  class RenderingEngine {
    viewports = new Map<string, FakeViewport>();
    destroyed = false;
    constructor(readonly id: string) {
      cs.engines.push(this);
    }
    setViewports(inputs: { viewportId: string; element: HTMLElement }[]) {
      for (const { viewportId, element } of inputs) this.viewports.set(viewportId, new FakeViewport(element));
    }
    getViewport = (id: string) => this.viewports.get(id);
    render() {
      for (const viewport of this.viewports.values()) viewport.render();
    }
    renderViewports(ids: string[]) {
      for (const id of ids) this.viewports.get(id)?.render();
    }
    resize() {}
    destroy() {
      this.destroyed = true;
    }
  }
  return {
    Enums: {
      Events,
      OrientationAxis: { AXIAL: 'axial', CORONAL: 'coronal', SAGITTAL: 'sagittal' },
      ViewportType: { ORTHOGRAPHIC: 'orthographic' },
    },
    RenderingEngine,
    // As Cornerstone's: a viewport given a volume starts again on its middle slice.
    setVolumesForViewports: async (
      engine: { getViewport(id: string): { resetCamera(): void } | undefined },
      volumes: { volumeId: string }[],
      viewportIds: string[],
    ) => {
      cs.volumesSet.push(...volumes.map((volume) => volume.volumeId));
      for (const id of viewportIds) engine.getViewport(id)?.resetCamera();
    },
  };
});
vi.mock('./cornerstone-setup.ts', () => ({ ensureCornerstone: () => undefined }));
vi.mock('./mpr-tools.ts', () => ({
  createMprTools: (_engineId: string, mode: string, placing: boolean) => {
    cs.toolModes.push(placing ? `${mode}, placing` : mode);
    return {
      setMode: (next: string) => cs.toolModes.push(next),
      setPlacing: (on: boolean) => cs.toolModes.push(on ? 'placing' : 'not placing'),
      resetCrosshairs() {},
      destroy() {},
    };
  },
}));
vi.mock('./mpr-volume.ts', async (importOriginal) => ({
  fillAbsentWithAir: (await importOriginal<typeof import('./mpr-volume.ts')>()).fillAbsentWithAir,
  createMprVolume: (volumeId: string) => {
    cs.built.push(volumeId);
    return { volume: { volumeId } };
  },
  slicesArrived: () => undefined,
  holdBackFrames: () => [],
  releaseMprVolume: (volumeId: string) => cs.released.push(volumeId),
}));

const { file } = volumeFileFixture([4, 3, 7]);
const URL_A = '/v/a.cmvol';

/** The study's session as the engine sees it: one download per URL, counted. */
function session(fetchFn: typeof fetch) {
  const downloads = new Map<string, VolumeDownload>();
  const opened: string[] = [];
  return {
    opened,
    downloads,
    openVolume(url: string) {
      opened.push(url);
      let download = downloads.get(url);
      if (!download?.live) {
        download = startVolumeDownload(url, fetchFn);
        downloads.set(url, download);
      }
      return download;
    },
  };
}

function volumeServer(status = 206) {
  const requests: string[] = [];
  const fetchFn = (async (_url: unknown, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    requests.push(range);
    if (status !== 206) return new Response('', { status });
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  }) as typeof fetch;
  return { fetchFn, requests };
}

function paneElements(): MprElements {
  const make = () => {
    const element = document.createElement('div');
    document.body.append(element);
    return element;
  };
  return { coronal: make(), sagittal: make(), axial: make() };
}

const previewCanvases = () => document.querySelectorAll('canvas[data-testid^="mpr-preview-"]').length;
let engines: MprEngine[];
const engineOver = (openVolume: (url: string) => VolumeDownload) => {
  const engine = createMprEngine({ openVolume });
  engines.push(engine);
  return engine;
};

beforeEach(() => {
  engines = [];
  Object.assign(cs, { engines: [], volumesSet: [], toolModes: [], built: [], released: [] });
  performance.clearMarks();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
        putImageData: () => undefined,
      }) as never,
  );
});
afterEach(() => {
  for (const engine of engines) engine.destroy();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the MPR engine (controller)', () => {
  it("adopts the session's download, shows the 2D previews, then Cornerstone's volume, to ready and complete", async () => {
    const server = volumeServer();
    const study = session(server.fetchFn);
    const engine = engineOver(study.openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    // Before the middle slices are in, the panes wait: building them would hold the first image back.
    expect(cs.engines).toHaveLength(0);
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    const snapshot = engine.getSnapshot();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.progress).toEqual({ loaded: 7, total: 7 });
    // The file's own levels (no resource levels given), and the read-outs of the panes.
    expect(snapshot.levels).toEqual({ windowCenter: 40, windowWidth: 400 });
    expect(snapshot.panes.axial).toMatchObject({ sliceIndex: 3, sliceCount: 7 });
    expect(snapshot.firstFrameMs).not.toBeNull();
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(1);
    expect(performance.getEntriesByName('cm:mpr:volume-complete')).toHaveLength(1);
    // One download (header, middle slice, rest), one Cornerstone volume, the previews gone.
    expect(study.opened).toEqual([URL_A]);
    expect(server.requests).toHaveLength(3);
    expect(cs.built).toHaveLength(1);
    expect(cs.volumesSet).toEqual(cs.built);
    await vi.waitFor(() => expect(previewCanvases()).toBe(0));
  });

  it('marks no second first frame when the early preview drew it from the same download', async () => {
    const study = session(volumeServer().fetchFn);
    study.openVolume(URL_A).claimFirstFrame();
    const engine = engineOver(study.openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe('ready'));
    expect(engine.getSnapshot().firstFrameMs).not.toBeNull();
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(0);
  });

  it('reports a volume it cannot read, with the kind of failure', async () => {
    const engine = engineOver(session(volumeServer(403).fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe('error'));
    expect(engine.getSnapshot().error?.kind).toBe('access');
    // The panes are built, so the user keeps the toolbar and the panes' frame.
    expect(cs.engines).toHaveLength(1);
  });

  it('sends commands to its parts: the tool mode to the tools, W/L to all three panes', async () => {
    const engine = engineOver(session(volumeServer().fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A, levels: { windowCenter: 50, windowWidth: 350 } });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe('ready'));
    expect(engine.getSnapshot().levels).toEqual({ windowCenter: 50, windowWidth: 350 });
    engine.command({ type: 'toolMode', mode: 'zoom' });
    expect(cs.toolModes).toEqual(['crosshairs', 'zoom']);
    expect(engine.getSnapshot().toolMode).toBe('zoom');
    engine.command({ type: 'levels', levels: { windowCenter: 300, windowWidth: 1500 } });
    const panes = (cs.engines[0] as unknown as { viewports: Map<string, { properties: object }> }).viewports;
    for (const viewport of panes.values())
      expect(viewport.properties).toMatchObject({ voiRange: { lower: -450, upper: 1050 } });
  });

  it('keeps placing landmark points from moving the crosshairs, also across a re-attach', async () => {
    const engine = engineOver(session(volumeServer().fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe('ready'));
    engine.setPlacingPoints(true);
    expect(cs.toolModes).toEqual(['crosshairs', 'placing']);
    // Back in the page (StrictMode, the 3D view and back) while the draft is open: the same tools, still placing.
    engine.detach();
    engine.attach(paneElements());
    expect(cs.toolModes).toEqual(['crosshairs', 'placing']);
    engine.setPlacingPoints(false);
    expect(cs.toolModes.at(-1)).toBe('not placing');
  });

  it('keeps its rendering engine and volume across a detach once it shows the volume, and redraws on return (issue 30)', async () => {
    const server = volumeServer();
    const engine = engineOver(session(server.fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    const first = paneElements();
    engine.attach(first);
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    const drawn = first.axial.firstElementChild;
    expect(drawn).not.toBeNull();
    engine.detach();
    expect(first.axial.childElementCount).toBe(0);
    performance.clearMarks();
    const second = paneElements();
    engine.attach(second);
    // The same pane elements (Cornerstone's viewports and their canvases) in the new boxes, nothing rebuilt.
    expect(second.axial.firstElementChild).toBe(drawn);
    expect(cs.engines).toHaveLength(1);
    expect(cs.engines[0]?.destroyed).toBe(false);
    expect(cs.volumesSet).toHaveLength(1);
    expect(cs.built).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
    await vi.waitFor(() => expect(performance.getEntriesByName('cm:mpr:engine-frame')).toHaveLength(1));
    expect(engine.getSnapshot().status).toBe('ready');
  });

  it('shows another phase chosen while detached once it is back, on the same rendering engine (issue 28, 30)', async () => {
    const server = volumeServer();
    const engine = engineOver(session(server.fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    engine.detach();
    // The 3D view: the header's phase selector picks another phase; the MPR view then sets it first.
    engine.setVolume({ volumeUrl: '/v/b.cmvol' });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    expect(cs.volumesSet).toHaveLength(2);
    expect(cs.released).toEqual([cs.built[0]]);
    expect(cs.engines).toHaveLength(1);
    expect(engine.getSnapshot().status).toBe('ready');
  });

  it('builds the panes anew after a detach before they show the volume', async () => {
    const engine = engineOver(session(volumeServer().fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    engine.detach();
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    expect(cs.engines.filter((made) => !made.destroyed)).toHaveLength(1);
  });

  it('brings the panes to a plane asked for before they show the volume, once they do (issue 30 §1)', async () => {
    const engine = engineOver(session(volumeServer().fetchFn).openVolume);
    engine.setVolume({ volumeUrl: URL_A });
    engine.attach(paneElements());
    // A report link: the page asks for the landmark's plane while the volume is still on its way.
    engine.snapToPlane({ normal: [0, 0, 1], centroid: [1, 2, 3], viewType: 6 });
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    const panes = (cs.engines[0] as unknown as { viewports: Map<string, { camera: { focalPoint: number[] } }> })
      .viewports;
    expect(panes.get('axial')?.camera.focalPoint).toEqual([1, 2, 3]);
    expect(engine.getSnapshot().panes.axial.positionMm).toBe(3);
    // Asked again once the volume is shown, it moves the panes at once.
    engine.snapToPlane({ normal: [0, 0, 1], centroid: [4, 5, -6], viewType: 6 });
    expect(panes.get('axial')?.camera.focalPoint).toEqual([4, 5, -6]);
  });

  it('keeps its volume when the refreshed viewer load signs the same file anew', async () => {
    const server = volumeServer();
    const study = session(server.fetchFn);
    const engine = engineOver(study.openVolume);
    engine.setVolume({ volumeUrl: `${URL_A}?expires=100&sig=old` });
    engine.attach(paneElements());
    await vi.waitFor(() => expect(engine.getSnapshot().completeMs).not.toBeNull());
    engine.setVolume({ volumeUrl: `${URL_A}?expires=220&sig=new` });
    expect(engine.getSnapshot().status).toBe('ready');
    expect(study.opened).toHaveLength(1);
    expect(cs.built).toHaveLength(1);
  });

  it('lets the download go when destroyed: a new engine (a remount) adopts it without fetching again', async () => {
    const server = volumeServer();
    const study = session(server.fetchFn);
    const first = engineOver(study.openVolume);
    first.setVolume({ volumeUrl: URL_A });
    first.attach(paneElements());
    await vi.waitFor(() => expect(first.getSnapshot().status).toBe('ready'));
    first.destroy();
    expect(cs.released).toEqual(cs.built);
    expect(cs.engines.every((engine) => engine.destroyed)).toBe(true);
    document.body.replaceChildren();

    const second = engineOver(study.openVolume);
    second.setVolume({ volumeUrl: URL_A });
    second.attach(paneElements());
    await vi.waitFor(() => expect(second.getSnapshot().completeMs).not.toBeNull());
    expect(server.requests).toHaveLength(3);
    expect(study.downloads.get(URL_A)?.live).toBe(true);
  });
});
