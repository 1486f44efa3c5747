import type { FigureCamera } from '@cardiomap/contract';
import type { VolumeLevels } from '@cardiomap/domain';
import { Enums, RenderingEngine, setVolumesForViewports, type Types } from '@cornerstonejs/core';
import { signedObject } from '../api/signed-url-refresh.ts';
import { cinePaneOf } from './cine-panes.ts';
import type { CinePane } from './cine-player.ts';
import { ensureCornerstone } from './cornerstone-setup.ts';
import type { MprLandmark, PaneLandmarkShape } from './landmark-overlay.ts';
import { createMprCrosshairs, type MprPlaneTarget } from './mpr-crosshairs.ts';
import { createMprOverlays, type MprPaneProjection, type MprPointer } from './mpr-overlays.ts';
import { createMprPreviews } from './mpr-previews.ts';
import {
  findPreset,
  type InterpolationType,
  levelsOrDefault,
  levelsToRange,
  PANE_IDS,
  type PaneId,
  rangeToLevels,
} from './mpr-settings.ts';
import { createMprTools, type MprTools, type ToolMode } from './mpr-tools.ts';
import { holdBackFrames, slicesArrived } from './mpr-volume.ts';
import { createMprVolumeStream, type MprVolumeStream } from './mpr-volume-stream.ts';
import { takeWarmRenderingEngine } from './mpr-warm.ts';
import { capturePaneImage, restorePaneCamera } from './pane-capture.ts';
import { EMPTY_READOUT, type PaneReadout } from './pane-readout.ts';
import { createSnapshotStore } from './snapshot-store.ts';
import type { VolumeDownload } from './volume-download.ts';
import { VolumeLoadError, type VolumeLoadErrorKind } from './volume-loader.ts';

export type { MprPlaneTarget } from './mpr-crosshairs.ts';
export type { MprPaneProjection, MprPointer } from './mpr-overlays.ts';

export interface MprVolumeProps {
  /** The volume resource's signed read URL. */
  volumeUrl: string;
  /** The resource's levels; spec §9 default 230/1075 when missing. */
  levels?: Partial<VolumeLevels> | null;
  /** The resource's interpolation type; the file's own when missing. */
  interpolationType?: InterpolationType;
}

export type MprElements = Record<PaneId, HTMLDivElement>;

export type MprCommand =
  | { type: 'toolMode'; mode: ToolMode }
  | { type: 'preset'; id: string }
  | { type: 'levels'; levels: VolumeLevels }
  | { type: 'interpolation'; value: InterpolationType }
  | { type: 'reset' }
  | { type: 'resize' };

export interface MprSnapshot {
  revision: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: { kind: VolumeLoadErrorKind | 'render'; message: string } | null;
  /** Slices in memory, of all. */
  progress: { loaded: number; total: number };
  levels: VolumeLevels;
  toolMode: ToolMode;
  interpolationType: InterpolationType;
  panes: Record<PaneId, PaneReadout>;
  pointer: MprPointer | null;
  /** Per pane, the landmark points on its plane in CSS pixels. */
  landmarks: Record<PaneId, PaneLandmarkShape[]>;
  /**
   * ms from setVolume to the first rendered frame (the 2D preview of the middle slices where the volume
   * lies along the patient axes, else Cornerstone's first frame), and to the whole volume on screen.
   */
  firstFrameMs: number | null;
  completeMs: number | null;
}

export interface MprEngine {
  /**
   * Puts the panes into the page's three pane boxes. The engine draws into elements of its own inside
   * them; after a detach that kept the rendering engine (issue 30) it puts the same elements back, drawn
   * as they were, instead of building the panes and the volume's texture again.
   */
  attach(elements: MprElements): void;
  /** The pane's current projection; null before the pane has a camera. */
  paneProjection(pane: PaneId): MprPaneProjection | null;
  /** Called after a pane redraws (scroll, rotation, zoom, pan, resize): overlays follow its projection. */
  onPaneRendered(listener: (pane: PaneId) => void): () => void;
  /** Landmarks to draw: each pane shows the points within 0.5 mm of its plane. */
  setLandmarks(landmarks: readonly MprLandmark[]): void;
  /**
   * Turns one pane into the plane and moves the other two through its centre; asked before the panes
   * show the volume (a report link opens the page), it is done as soon as they do.
   */
  snapToPlane(target: MprPlaneTarget): void;
  /** Issue 17 figures: the pane's image as PNG and its camera; null before the pane shows the volume. */
  capturePane(pane: PaneId): Promise<{ png: Blob; camera: FigureCamera } | null>;
  /** Brings a pane back to a figure's camera. */
  restorePane(pane: PaneId, camera: FigureCamera): void;
  /**
   * Landmark points are being placed: a click in a pane adds a point and must not move the
   * crosshairs (and with them the other panes), whatever kind of landmark it is.
   */
  setPlacingPoints(placing: boolean): void;
  /** Issue 28 cine: the pane's element and plane once it shows the volume (cine-panes.ts). */
  cinePane(pane: PaneId): CinePane | null;
  /**
   * Takes the panes out of the page's boxes. Once they show the volume (first draw and backfill done),
   * the rendering engine, its WebGL context, compiled shaders, texture and cameras are kept for the next
   * attach (issue 30: 3D → MPR again); before that, the panes are torn down and built anew.
   */
  detach(): void;
  setVolume(props: MprVolumeProps | null): void;
  command(command: MprCommand): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): MprSnapshot;
  destroy(): void;
}

const PANE_ORIENTATION: Record<PaneId, Enums.OrientationAxis> = {
  axial: Enums.OrientationAxis.AXIAL,
  coronal: Enums.OrientationAxis.CORONAL,
  sagittal: Enums.OrientationAxis.SAGITTAL,
};

/** While streaming, the panes redraw at most this often (ms). */
const STREAM_REDRAW_MS = 2500;

let engineCount = 0;

/**
 * The three MPR panes as a plain controller (no React): attach to three elements, set the volume,
 * send commands, read a snapshot. It owns the Cornerstone rendering engine and the panes' events, and
 * decides when to draw; its parts each do one thing: the volume (mpr-volume-stream.ts), the first
 * images (mpr-previews.ts), the tools (mpr-tools.ts), the crosshairs' planes (mpr-crosshairs.ts) and
 * the overlays' read-outs (mpr-overlays.ts). Attach/detach may repeat (React StrictMode); a new volume
 * URL lets the previous one go and anything it still delivers is dropped.
 */
export function createMprEngine(options: {
  /** The study's volume download of `url` (its viewer session's): the engine adopts it, never starts one. */
  openVolume(url: string): VolumeDownload;
}): MprEngine {
  const engineId = `cm-mpr-${++engineCount}`;
  let attachCount = 0;
  let loadCount = 0;
  const store = createSnapshotStore<MprSnapshot>({
    revision: 0,
    status: 'idle',
    error: null,
    progress: { loaded: 0, total: 0 },
    levels: levelsOrDefault(null),
    toolMode: 'crosshairs',
    interpolationType: 0,
    panes: { axial: EMPTY_READOUT, coronal: EMPTY_READOUT, sagittal: EMPTY_READOUT },
    pointer: null,
    landmarks: { axial: [], coronal: [], sagittal: [] },
    firstFrameMs: null,
    completeMs: null,
  });

  /** The panes' own elements, in the page's boxes while attached: Cornerstone's viewports live on them. */
  let elements: MprElements | null = null;
  /** The page's pane boxes while attached. */
  let hosts: MprElements | null = null;
  /** The panes' elements, made once per rendering engine and moved between attaches. */
  let stage: MprElements | null = null;
  /** While detached with the rendering engine kept: a draw is owed on the next attach (slices came, a plane was set). */
  let drawOwed = false;
  /** The next attach of a kept engine marks `cm:mpr:engine-frame` once its slice is on screen. */
  let reshowFrameDue = false;
  let renderingEngine: RenderingEngine | null = null;
  let tools: MprTools | null = null;
  let load: MprVolumeStream | null = null;
  /** The panes show `load`'s volume with our levels; VOI events before that are Cornerstone's defaults. */
  let displayed = false;
  /** The load whose first slice drawn by Cornerstone was marked (`cm:mpr:engine-frame`). */
  let engineFrameOf: MprVolumeStream | null = null;
  /** The load whose settled first draw is awaited, to mark it. */
  let engineFrameDue: MprVolumeStream | null = null;
  let backfillTimer = 0;
  /** Slices of the current load not on the texture yet (backfill); the volume is not complete before. */
  let backfillHeld: number[] = [];
  let props: MprVolumeProps | null = null;
  let placingPoints = false;
  /**
   * A plane asked for before the panes showed the volume: setting the volume puts every camera back
   * on the middle slices, so it is applied after that, not before (issue 30 §1).
   */
  let pendingPlane: MprPlaneTarget | null = null;
  let destroyed = false;
  let resizeObserver: ResizeObserver | null = null;
  const removeListeners: Array<() => void> = [];
  let uploadFrame = 0;
  let uploadTimer = 0;
  let lastUpload = 0;

  const snapshot = () => store.getSnapshot();
  const viewport = (pane: PaneId) => renderingEngine?.getViewport(pane) as Types.IVolumeViewport | undefined;
  const previews = createMprPreviews();
  const crosshairs = createMprCrosshairs(viewport);
  const overlays = createMprOverlays({
    viewport,
    read: snapshot,
    update: store.update,
    header: () => load?.header,
  });

  function attach(next: MprElements) {
    if (destroyed) throw new Error('the MPR engine was destroyed');
    if (hosts && PANE_IDS.every((pane) => hosts?.[pane] === next[pane])) return;
    detach();
    hosts = next;
    if (!stage) stage = makeStage();
    for (const pane of PANE_IDS) next[pane].append(stage[pane]);
    elements = stage;
    if (renderingEngine) return reattach(stage);
    // Building the panes holds the main thread for most of a second: while a volume's first slices
    // are on their way, it waits until their 2D previews are on screen (showFirstImage).
    if (load && !load.firstSlicesIn && snapshot().status === 'loading') return;
    buildPanes(stage);
    if (load?.firstSlicesIn) showFirstImage(load);
  }

  function makeStage(): MprElements {
    const make = () => {
      const element = document.createElement('div');
      element.style.cssText = 'position:absolute;inset:0';
      return element;
    };
    return { axial: make(), coronal: make(), sagittal: make() };
  }

  /**
   * The kept rendering engine's panes are back in the page (issue 30). Their canvases still hold the
   * last drawn slices: unless the boxes changed size or slices came meanwhile, nothing is drawn again.
   */
  function reattach(own: MprElements) {
    observePanes(own);
    overlays.refreshPanes();
    const current = load;
    if (!displayed) {
      // A new volume (another phase) was set while detached: its first image, as on any new volume.
      if (current?.firstSlicesIn) showFirstImage(current);
      return;
    }
    const resized = PANE_IDS.some((pane) => {
      const canvas = own[pane].querySelector('canvas');
      const ratio = window.devicePixelRatio || 1;
      return (
        !canvas ||
        canvas.width !== Math.round(canvas.clientWidth * ratio) ||
        canvas.height !== Math.round(canvas.clientHeight * ratio)
      );
    });
    reshowFrameDue = true;
    if (drawOwed || resized) {
      drawOwed = false;
      current?.uploadArrived();
      if (resized) renderingEngine?.resize(true, true);
      renderingEngine?.render();
      return;
    }
    // Shown as drawn: the slice is on screen with the next frame.
    requestAnimationFrame(() => {
      if (!reshowFrameDue || elements !== own) return;
      reshowFrameDue = false;
      performance.mark('cm:mpr:engine-frame');
    });
  }

  function observePanes(own: MprElements) {
    // keepCamera: maximising a pane must not undo its slice, zoom or oblique rotation.
    resizeObserver = new ResizeObserver(() => renderingEngine?.resize(true, true));
    for (const pane of PANE_IDS) resizeObserver.observe(own[pane]);
  }

  /** The panes' Cornerstone viewports and tools, once per attach. */
  function ensurePanes() {
    if (elements && !renderingEngine) buildPanes(elements);
  }

  function buildPanes(next: MprElements) {
    // Issue 30: the engine's start-up (Cornerstone's init, the WebGL context, the viewports) as a phase
    // of the time to its first drawn slice (bench:viewer BENCH_FELT=1).
    performance.mark('cm:mpr:engine-init-start');
    ensureCornerstone();
    // Issue 30: a rendering engine warmed ahead has its WebGL contexts and volume shaders ready.
    const engine = takeWarmRenderingEngine() ?? new RenderingEngine(`${engineId}-${++attachCount}`);
    renderingEngine = engine;
    engine.setViewports(
      PANE_IDS.map((pane) => ({
        viewportId: pane,
        type: Enums.ViewportType.ORTHOGRAPHIC,
        element: next[pane],
        defaultOptions: { orientation: PANE_ORIENTATION[pane], background: [0, 0, 0] as Types.Point3 },
      })),
    );
    tools = createMprTools(engine.id, snapshot().toolMode, placingPoints);
    for (const pane of PANE_IDS) listenToPane(pane, next[pane]);
    observePanes(next);
    performance.mark('cm:mpr:engine-init-end');
  }

  function listenToPane(pane: PaneId, element: HTMLDivElement) {
    const onCamera = () => onCameraModified(pane);
    const onVoi = (event: Event) => onVoiModified(event as CustomEvent<{ range?: { lower: number; upper: number } }>);
    const onRendered = () => onFrameRendered(pane);
    const onMove = (event: PointerEvent) => {
      if (!load?.volume) return;
      const rect = element.getBoundingClientRect();
      overlays.readPointer(pane, [event.clientX - rect.left, event.clientY - rect.top]);
    };
    const onLeave = () => overlays.clearPointer();
    element.addEventListener(Enums.Events.CAMERA_MODIFIED, onCamera);
    element.addEventListener(Enums.Events.VOI_MODIFIED, onVoi);
    element.addEventListener(Enums.Events.IMAGE_RENDERED, onRendered);
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerleave', onLeave);
    removeListeners.push(() => {
      element.removeEventListener(Enums.Events.CAMERA_MODIFIED, onCamera);
      element.removeEventListener(Enums.Events.VOI_MODIFIED, onVoi);
      element.removeEventListener(Enums.Events.IMAGE_RENDERED, onRendered);
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerleave', onLeave);
    });
  }

  /** The panes show the volume, every held-back slice is on the texture: the rendering engine can be kept. */
  const keepable = () => Boolean(renderingEngine && displayed && !backfillTimer && !backfillHeld.length);

  function detach() {
    if (!hosts) return;
    if (keepable()) return park();
    tearDown();
  }

  /** Out of the page with the rendering engine, viewports, volume and cameras kept (issue 30). */
  function park() {
    resizeObserver?.disconnect();
    resizeObserver = null;
    if (uploadFrame || uploadTimer) drawOwed = true;
    if (uploadFrame) cancelAnimationFrame(uploadFrame);
    clearTimeout(uploadTimer);
    uploadFrame = 0;
    uploadTimer = 0;
    reshowFrameDue = false;
    previews.remove();
    overlays.clearPointer();
    for (const pane of PANE_IDS) stage?.[pane].remove();
    hosts = null;
    elements = null;
  }

  function tearDown() {
    for (const remove of removeListeners.splice(0)) remove();
    resizeObserver?.disconnect();
    resizeObserver = null;
    if (uploadFrame) cancelAnimationFrame(uploadFrame);
    clearTimeout(uploadTimer);
    uploadFrame = 0;
    uploadTimer = 0;
    drawOwed = false;
    reshowFrameDue = false;
    clearTimeout(backfillTimer);
    backfillTimer = 0;
    backfillHeld = [];
    previews.remove();
    tools?.destroy();
    tools = null;
    renderingEngine?.destroy();
    renderingEngine = null;
    displayed = false;
    for (const pane of PANE_IDS) stage?.[pane].remove();
    stage = null;
    hosts = null;
    elements = null;
  }

  function setVolume(next: MprVolumeProps | null) {
    const previous = props;
    props = next;
    if (!next) return unload();
    // A fresh signature of the same file (the viewer load is asked again before links expire) loads nothing.
    if (previous && signedObject(previous.volumeUrl) === signedObject(next.volumeUrl)) {
      if (next.interpolationType !== undefined && next.interpolationType !== previous.interpolationType) {
        setInterpolation(next.interpolationType);
      }
      return;
    }
    unload();
    startLoad(next);
  }

  function startLoad(next: MprVolumeProps) {
    const current: MprVolumeStream = createMprVolumeStream(
      options.openVolume(next.volumeUrl),
      `cardiomap-volume-${engineId}-${++loadCount}`,
      {
        begin(header) {
          store.update({
            progress: { loaded: 0, total: header.dimensions[2] },
            levels: levelsOrDefault(next.levels?.windowWidth ? next.levels : header.levels),
            interpolationType: next.interpolationType ?? header.interpolationType,
          });
        },
        firstSlices() {
          if (elements) showFirstImage(current);
        },
        moreSlices() {
          previews.scheduleRedraw(() => snapshot().levels);
          scheduleUpload();
        },
        complete() {
          ensurePanes();
          scheduleUpload(true);
        },
        failed(error) {
          ensurePanes();
          const kind = error instanceof VolumeLoadError ? error.kind : 'network';
          store.update({ status: 'error', error: { kind, message: (error as Error).message } });
        },
      },
    );
    load = current;
    displayed = false;
    performance.mark('cm:mpr:load-start');
    store.update({
      status: 'loading',
      error: null,
      progress: { loaded: 0, total: 0 },
      firstFrameMs: null,
      completeMs: null,
    });
    // The session's download, often started before this chunk arrived: what is in is replayed now.
    current.start();
  }

  /**
   * Uploads the slices that arrived and redraws: at once for the first image and the last slice,
   * otherwise at most every STREAM_REDRAW_MS, since each redraw copies the panes back from the GPU.
   */
  function scheduleUpload(urgent = false) {
    if (uploadFrame) return;
    if (uploadTimer && !urgent) return;
    clearTimeout(uploadTimer);
    const first = snapshot().firstFrameMs === null;
    const wait = urgent || first ? 0 : Math.max(0, lastUpload + STREAM_REDRAW_MS - performance.now());
    uploadTimer = window.setTimeout(() => {
      uploadTimer = 0;
      uploadFrame = requestAnimationFrame(upload);
    }, wait);
  }

  function upload() {
    uploadFrame = 0;
    lastUpload = performance.now();
    const current = load;
    store.update({ progress: { loaded: current?.loaded ?? 0, total: current?.header?.dimensions[2] ?? 0 } });
    if (!current?.volume || !displayed || !renderingEngine) return;
    // Detached with the rendering engine kept: the slices go to the texture with the next attach's draw.
    if (!elements) {
      drawOwed = true;
      return;
    }
    current.uploadArrived();
    // The axial pane opened on slices that were already in; only the other two change while streaming.
    renderingEngine.renderViewports(current.allSlicesIn ? [...PANE_IDS] : ['coronal', 'sagittal']);
  }

  /**
   * The middle slices are in. Cornerstone's first draw allocates the GPU texture, seconds in software
   * GL; so the panes first get their 2D previews, and the texture work starts once those are on screen.
   */
  function showFirstImage(current: MprVolumeStream) {
    const { header, voxels, present } = current;
    if (!elements || !header || !voxels || !present) return;
    if (!previews.show(elements, { header, voxels, present }, snapshot().levels)) {
      ensurePanes();
      return void showVolume(current);
    }
    const generation = previews.generation;
    // The second frame callback runs once the frame with the previews has been presented.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (load !== current || generation !== previews.generation) return;
        if (snapshot().firstFrameMs === null) markFirstFrame(current);
        setTimeout(() => {
          if (load !== current) return;
          ensurePanes();
          void showVolume(current);
        }, 0);
      }),
    );
  }

  /** One `cm:mpr:first-frame` per download: the early preview may have drawn it before this engine. */
  function markFirstFrame(current: MprVolumeStream) {
    if (current.download.claimFirstFrame()) performance.mark('cm:mpr:first-frame');
    store.update({ firstFrameMs: performance.now() - current.startedAt });
  }

  async function showVolume(current: MprVolumeStream) {
    const engine = renderingEngine;
    if (!engine || !current.ensureVolume()) return;
    performance.mark('cm:mpr:volume-set');
    try {
      await setVolumesForViewports(engine, [{ volumeId: current.volumeId }], [...PANE_IDS]);
    } catch (error) {
      if (load === current && renderingEngine === engine) {
        previews.remove();
        store.update({ status: 'error', error: { kind: 'render', message: (error as Error).message } });
      }
      return;
    }
    if (load !== current || renderingEngine !== engine) return;
    applyDisplay();
    displayed = true;
    const snapped = pendingPlane !== null;
    if (pendingPlane) {
      crosshairs.snapToPlane(pendingPlane);
      pendingPlane = null;
      overlays.refreshPanes();
    }
    current.uploadArrived();
    // Issue 30: the first draw uploads only the axial pane's middle slices, the rest follows in the
    // task after it (backfill); a plane snapped to (a landmark) may cut any slice: all at once then.
    const volume = current.volume;
    const depth = current.header?.dimensions[2] ?? 0;
    const middle = Math.floor(depth / 2);
    const held = volume && !snapped ? holdBackFrames(volume, (k) => Math.abs(k - middle) <= 1) : [];
    backfillHeld = held;
    const first: PaneId[] = held.length ? ['axial'] : [...PANE_IDS];
    // Drawn once the camera has settled, in the next frame: a draw now would be one more read-back
    // of the panes from software GL (0.2–0.5 s), of a frame nobody needs.
    requestAnimationFrame(() => {
      if (renderingEngine !== engine) return;
      engineFrameDue = current;
      engine.renderViewports(first);
      if (!held.length) return previews.remove();
      previews.removePane('axial');
      // After the settled first frame: a share uploaded with it would hold that frame back.
      requestAnimationFrame(() => backfill(current, engine, held));
    });
  }

  /**
   * The slices held back from the first draw go to the texture in one task after it, all together:
   * in software GL every draw that uploads a share also reads the panes back (0.2–0.5 s), so shares
   * would cost more in all than they spare the page. The coronal and sagittal panes keep their
   * previews until then, and Cornerstone draws them with every slice on the texture.
   */
  function backfill(current: MprVolumeStream, engine: RenderingEngine, held: number[]) {
    backfillTimer = window.setTimeout(() => {
      backfillTimer = 0;
      if (load !== current || renderingEngine !== engine || !current.volume) return;
      slicesArrived(current.volume, held.splice(0));
      engine.render();
      requestAnimationFrame(() => {
        if (renderingEngine === engine && load === current) previews.remove();
      });
    }, 0);
  }

  function applyDisplay() {
    const { levels, interpolationType } = snapshot();
    for (const pane of PANE_IDS) {
      viewport(pane)?.setProperties({ voiRange: levelsToRange(levels), interpolationType });
    }
    overlays.refreshPanes();
  }

  function onFrameRendered(pane: PaneId) {
    overlays.paneRendered(pane);
    const current = load;
    if (!current?.volume || pane !== 'axial') return;
    if (reshowFrameDue && elements) {
      reshowFrameDue = false;
      performance.mark('cm:mpr:engine-frame');
    }
    if (displayed && engineFrameDue === current && engineFrameOf !== current) {
      // Issue 30's measure: the first slice Cornerstone itself drew, not the 2D preview before it.
      engineFrameOf = current;
      performance.mark('cm:mpr:engine-frame');
    }
    if (current.firstSlicesIn && snapshot().status === 'loading') {
      // Without a preview (an oblique volume), Cornerstone's first frame is the first image.
      if (snapshot().firstFrameMs === null) markFirstFrame(current);
      store.update({ status: 'ready' });
    }
    if (current.allSlicesIn && current.pending === 0 && !backfillHeld.length && snapshot().completeMs === null) {
      performance.mark('cm:mpr:volume-complete');
      // A frame may finish before the throttled upload reported the count: complete means all are in.
      store.update({
        completeMs: performance.now() - current.startedAt,
        progress: { loaded: current.loaded, total: current.header?.dimensions[2] ?? current.loaded },
      });
    }
  }

  function onCameraModified(pane: PaneId) {
    // Before the volume is shown the zoom compares with a placeholder camera and means nothing.
    if (displayed && crosshairs.clampZoom(pane)) return;
    overlays.refreshPane(pane);
  }

  function onVoiModified(event: CustomEvent<{ range?: { lower: number; upper: number } }>) {
    const range = event.detail?.range;
    if (!range || !displayed) return;
    const levels = rangeToLevels(range);
    const current = snapshot().levels;
    if (levels.windowCenter === current.windowCenter && levels.windowWidth === current.windowWidth) return;
    setLevels(levels);
  }

  /** W/L applies to all three panes, as one window on one volume. */
  function setLevels(levels: VolumeLevels) {
    store.update({ levels });
    for (const pane of PANE_IDS) {
      const vp = viewport(pane);
      if (!vp) continue;
      const range = vp.getProperties()?.voiRange;
      const wanted = levelsToRange(levels);
      if (range && range.lower === wanted.lower && range.upper === wanted.upper) continue;
      vp.setProperties({ voiRange: wanted });
      vp.render();
    }
  }

  function setInterpolation(value: InterpolationType) {
    store.update({ interpolationType: value });
    for (const pane of PANE_IDS) viewport(pane)?.setProperties({ interpolationType: value });
    renderingEngine?.render();
  }

  function snapToPlane(target: MprPlaneTarget) {
    if (!displayed) {
      pendingPlane = target;
      return;
    }
    crosshairs.snapToPlane(target);
    if (elements) renderingEngine?.render();
    else drawOwed = true;
    overlays.refreshPanes();
  }

  function command(cmd: MprCommand) {
    switch (cmd.type) {
      case 'toolMode':
        store.update({ toolMode: cmd.mode });
        tools?.setMode(cmd.mode);
        return;
      case 'preset': {
        const preset = findPreset(cmd.id);
        if (preset) setLevels({ windowCenter: preset.windowCenter, windowWidth: preset.windowWidth });
        return;
      }
      case 'levels':
        return setLevels(cmd.levels);
      case 'interpolation':
        return setInterpolation(cmd.value);
      case 'reset':
        return reset();
      case 'resize':
        renderingEngine?.resize(true, true);
        return;
    }
  }

  function reset() {
    pendingPlane = null;
    tools?.resetCrosshairs();
    crosshairs.resetCameras();
    setLevels(levelsOrDefault(props?.levels?.windowWidth ? props.levels : load?.header?.levels));
    renderingEngine?.render();
    overlays.refreshPanes();
  }

  function unload() {
    const current = load;
    load = null;
    displayed = false;
    if (!current) return;
    current.release();
    previews.remove();
    ensurePanes();
    store.update({ status: 'idle', progress: { loaded: 0, total: 0 }, pointer: null });
  }

  async function capturePane(pane: PaneId) {
    const vp = viewport(pane);
    return vp && displayed ? capturePaneImage(vp) : null;
  }

  function restorePane(pane: PaneId, camera: FigureCamera) {
    const vp = viewport(pane);
    if (!vp) return;
    restorePaneCamera(vp, camera);
    overlays.refreshPanes();
  }

  return {
    attach,
    detach,
    capturePane,
    restorePane,
    paneProjection: overlays.paneProjection,
    onPaneRendered: overlays.onPaneRendered,
    setLandmarks: overlays.setLandmarks,
    snapToPlane,
    cinePane(pane) {
      const vp = viewport(pane);
      const element = elements?.[pane];
      return vp && element && displayed ? cinePaneOf(vp, element) : null;
    },
    setPlacingPoints(placing) {
      placingPoints = placing;
      tools?.setPlacing(placing);
    },
    setVolume,
    command,
    subscribe: store.subscribe,
    getSnapshot: snapshot,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      tearDown();
      unload();
      overlays.dispose();
      store.dispose();
    },
  };
}
