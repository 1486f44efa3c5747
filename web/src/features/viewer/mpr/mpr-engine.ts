import type { Point3, VolumeHeader, VolumeLevels } from '@cardiomap/domain';
import { Enums, RenderingEngine, setVolumesForViewports, type Types } from '@cornerstonejs/core';
import { ensureCornerstone } from './cornerstone-setup.ts';
import { type MprLandmark, type PaneLandmarkShape, paneShapes } from './landmark-overlay.ts';
import {
  AIR_HU,
  clampZoom,
  findPreset,
  type InterpolationType,
  levelsOrDefault,
  levelsToRange,
  PANE_IDS,
  type PaneId,
  rangeToLevels,
} from './mpr-settings.ts';
import {
  applyToolMode,
  createMprToolGroup,
  destroyMprToolGroup,
  getMprToolGroup,
  resetCrosshairs,
  type ToolMode,
} from './mpr-tools.ts';
import { createMprVolume, fillAbsentWithAir, releaseMprVolume, slicesArrived } from './mpr-volume.ts';
import { EMPTY_READOUT, type PaneReadout, readPane } from './pane-readout.ts';
import { planeCamera, sliceThrough } from './plane-camera.ts';
import { createPanePreview, type PanePreview } from './slice-preview.ts';
import { createSnapshotStore } from './snapshot-store.ts';
import type { VolumeDownload } from './volume-download.ts';
import { VolumeLoadError, type VolumeLoadErrorKind } from './volume-loader.ts';

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

export interface MprPointer {
  pane: PaneId;
  /** Patient coordinates (mm, LPS). */
  world: [number, number, number];
  /** Hounsfield units of the voxel there; null outside the volume. */
  hu: number | null;
}

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

/** A landmark's plane (spec §3 Landmark), to bring the panes to. */
export interface MprPlaneTarget {
  normal: Point3;
  centroid: Point3;
  /** Where the other panes' slices cross; the centroid when missing. */
  resliceCenter?: Point3 | null;
  /** Spec §3 view type (4 sagittal, 5 coronal, 6 axial): the pane turned into the plane; axial when missing. */
  viewType?: number;
}

/** A pane's plane and how a patient point maps to its CSS pixels, for overlays drawn outside the engine. */
export interface MprPaneProjection {
  plane: { normal: Point3; centroid: Point3 };
  toCanvas(point: Point3): [number, number];
}

export interface MprEngine {
  attach(elements: MprElements): void;
  /** The pane's current projection; null before the pane has a camera. */
  paneProjection(pane: PaneId): MprPaneProjection | null;
  /** Called after a pane redraws (scroll, rotation, zoom, pan, resize): overlays follow its projection. */
  onPaneRendered(listener: (pane: PaneId) => void): () => void;
  /** Landmarks to draw: each pane shows the points within 0.5 mm of its plane. */
  setLandmarks(landmarks: readonly MprLandmark[]): void;
  /** Turns one pane into the plane and moves the other two through its centre. */
  snapToPlane(target: MprPlaneTarget): void;
  detach(): void;
  setVolume(props: MprVolumeProps | null): void;
  command(command: MprCommand): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): MprSnapshot;
  destroy(): void;
}

interface Load {
  url: string;
  volumeId: string;
  /** Aborted: the engine lets go of the download (which its session keeps for a while). */
  abort: AbortController;
  download: VolumeDownload;
  startedAt: number;
  header?: VolumeHeader;
  /** The voxel array the slices stream into; Cornerstone's volume is built over it after the first image. */
  voxels?: Int16Array;
  /** 1 where a slice is in the voxels; the others are zeros until the volume is built, then air. */
  present?: Uint8Array;
  volume?: Types.IImageVolume;
  /** The middle slices are in: the axial pane has a real image to show. */
  firstSlicesIn: boolean;
  /** The panes show this volume with our levels; VOI events before that are Cornerstone's defaults. */
  displayed: boolean;
  allSlicesIn: boolean;
}

const PANE_ORIENTATION: Record<PaneId, Enums.OrientationAxis> = {
  axial: Enums.OrientationAxis.AXIAL,
  coronal: Enums.OrientationAxis.CORONAL,
  sagittal: Enums.OrientationAxis.SAGITTAL,
};

/** While streaming, the panes redraw at most this often (ms). */
const STREAM_REDRAW_MS = 2500;

/** Spec §3 landmark view types. */
const VIEW_TYPE_PANES: Record<number, PaneId> = { 4: 'sagittal', 5: 'coronal', 6: 'axial' };

let engineCount = 0;

/**
 * The three MPR panes as a plain controller (no React): attach to three elements, set the volume,
 * send commands, read a snapshot. Attach/detach may repeat (React StrictMode); a new volume URL
 * aborts the previous load and anything it still delivers is dropped.
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

  let elements: MprElements | null = null;
  let renderingEngine: RenderingEngine | null = null;
  let toolGroupId: string | null = null;
  let load: Load | null = null;
  let props: MprVolumeProps | null = null;
  let destroyed = false;
  let resizeObserver: ResizeObserver | null = null;
  const removeListeners: Array<() => void> = [];
  const arrived = new Set<number>();
  let uploadFrame = 0;
  let uploadTimer = 0;
  let lastUpload = 0;
  let loadedCount = 0;
  let landmarks: readonly MprLandmark[] = [];
  /** The panes' 2D first images, until Cornerstone draws the volume (see slice-preview.ts). */
  let previews: Partial<Record<PaneId, PanePreview>> = {};
  let previewFrame = 0;
  /** Changes whenever the previews go, so a pending hand-over of removed previews is dropped. */
  let previewGeneration = 0;
  const renderedListeners = new Set<(pane: PaneId) => void>();

  const snapshot = () => store.getSnapshot();

  function viewport(pane: PaneId): Types.IVolumeViewport | undefined {
    return renderingEngine?.getViewport(pane) as Types.IVolumeViewport | undefined;
  }

  function attach(next: MprElements) {
    if (destroyed) throw new Error('the MPR engine was destroyed');
    if (elements && PANE_IDS.every((pane) => elements?.[pane] === next[pane])) return;
    detach();
    elements = next;
    // Building the panes holds the main thread for most of a second: while a volume's first slices
    // are on their way, it waits until their 2D previews are on screen (showFirstImage).
    if (load && !load.firstSlicesIn && snapshot().status === 'loading') return;
    buildPanes(next);
    if (load?.firstSlicesIn) showFirstImage(load);
  }

  /** The panes' Cornerstone viewports and tools, once per attach. */
  function ensurePanes() {
    if (elements && !renderingEngine) buildPanes(elements);
  }

  function buildPanes(next: MprElements) {
    ensureCornerstone();
    const engine = new RenderingEngine(`${engineId}-${++attachCount}`);
    renderingEngine = engine;
    engine.setViewports(
      PANE_IDS.map((pane) => ({
        viewportId: pane,
        type: Enums.ViewportType.ORTHOGRAPHIC,
        element: next[pane],
        defaultOptions: { orientation: PANE_ORIENTATION[pane], background: [0, 0, 0] as Types.Point3 },
      })),
    );
    toolGroupId = `${engine.id}-tools`;
    const group = createMprToolGroup(toolGroupId, engine.id, PANE_IDS);
    applyToolMode(group, snapshot().toolMode);
    for (const pane of PANE_IDS) listenToPane(pane, next[pane]);
    // keepCamera: maximising a pane must not undo its slice, zoom or oblique rotation.
    resizeObserver = new ResizeObserver(() => renderingEngine?.resize(true, true));
    for (const pane of PANE_IDS) resizeObserver.observe(next[pane]);
  }

  function listenToPane(pane: PaneId, element: HTMLDivElement) {
    const onCamera = () => onCameraModified(pane);
    const onVoi = (event: Event) => onVoiModified(event as CustomEvent<{ range?: { lower: number; upper: number } }>);
    const onRendered = () => onFrameRendered(pane);
    const onMove = (event: PointerEvent) => readPointer(pane, element, event);
    const onLeave = () => store.update({ pointer: null });
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

  function detach() {
    for (const remove of removeListeners.splice(0)) remove();
    resizeObserver?.disconnect();
    resizeObserver = null;
    if (uploadFrame) cancelAnimationFrame(uploadFrame);
    clearTimeout(uploadTimer);
    uploadFrame = 0;
    uploadTimer = 0;
    removePreviews();
    if (toolGroupId) destroyMprToolGroup(toolGroupId);
    toolGroupId = null;
    renderingEngine?.destroy();
    renderingEngine = null;
    if (load) load.displayed = false;
    elements = null;
  }

  function setVolume(next: MprVolumeProps | null) {
    const previous = props;
    props = next;
    if (!next) return unload();
    if (previous?.volumeUrl === next.volumeUrl) {
      if (next.interpolationType !== undefined && next.interpolationType !== previous.interpolationType) {
        setInterpolation(next.interpolationType);
      }
      return;
    }
    unload();
    startLoad(next);
  }

  function startLoad(next: MprVolumeProps) {
    const abort = new AbortController();
    const current: Load = {
      url: next.volumeUrl,
      // No 'scheme:' prefix: Cornerstone would look for an image loader of that scheme for the slices.
      volumeId: `cardiomap-volume-${engineId}-${++loadCount}`,
      abort,
      download: options.openVolume(next.volumeUrl),
      startedAt: performance.now(),
      firstSlicesIn: false,
      allSlicesIn: false,
      displayed: false,
    };
    load = current;
    loadedCount = 0;
    performance.mark('cm:mpr:load-start');
    store.update({
      status: 'loading',
      error: null,
      progress: { loaded: 0, total: 0 },
      firstFrameMs: null,
      completeMs: null,
    });
    const stale = () => load !== current;
    // The session's download, started as soon as the URL was known (often before this chunk arrived):
    // what already arrived is replayed into the sink, then the rest comes as it arrives.
    const loading = current.download.adopt(
      {
        begin(header, voxels) {
          if (stale()) return;
          // Cornerstone's volume (a cached image per slice) and the air in the missing slices (a few
          // hundred ms on 500 slices) wait until the first image is on screen.
          current.header = header;
          current.voxels = voxels;
          current.present = new Uint8Array(header.dimensions[2]);
          store.update({
            progress: { loaded: 0, total: header.dimensions[2] },
            levels: levelsOrDefault(next.levels?.windowWidth ? next.levels : header.levels),
            interpolationType: next.interpolationType ?? header.interpolationType,
          });
        },
        slicesLoaded(indices) {
          if (stale()) return;
          loadedCount += indices.length;
          for (const k of indices) {
            arrived.add(k);
            if (current.present) current.present[k] = 1;
          }
          if (current.firstSlicesIn) {
            schedulePreview();
            return scheduleUpload();
          }
          current.firstSlicesIn = true;
          if (elements) showFirstImage(current);
        },
      },
      abort.signal,
    );
    loading.then(
      () => {
        if (stale()) return;
        ensurePanes();
        current.allSlicesIn = true;
        scheduleUpload(true);
      },
      (error: unknown) => {
        if (stale() || current.abort.signal.aborted) return;
        ensurePanes();
        const kind = error instanceof VolumeLoadError ? error.kind : 'network';
        store.update({ status: 'error', error: { kind, message: (error as Error).message } });
      },
    );
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
    store.update({ progress: { loaded: loadedCount, total: current?.header?.dimensions[2] ?? 0 } });
    if (!current?.volume || !current.displayed || !renderingEngine) return;
    slicesArrived(current.volume, arrived);
    arrived.clear();
    // The axial pane opened on slices that were already in; only the other two change while streaming.
    renderingEngine.renderViewports(current.allSlicesIn ? [...PANE_IDS] : ['coronal', 'sagittal']);
  }

  /**
   * The middle slices are in. Cornerstone's first draw allocates the GPU texture, seconds in software
   * GL; so the panes first get their 2D previews, and the texture work starts once those are on screen.
   */
  function showFirstImage(current: Load) {
    const { header, voxels, present } = current;
    if (!elements || !header || !voxels || !present) return;
    removePreviews();
    for (const pane of PANE_IDS) {
      const preview = createPanePreview(elements[pane], pane, header, voxels, { slices: present, absent: AIR_HU });
      if (!preview) continue;
      preview.draw(snapshot().levels);
      previews[pane] = preview;
    }
    if (!previews.axial) {
      ensurePanes();
      return void showVolume(current);
    }
    const generation = previewGeneration;
    // The second frame callback runs once the frame with the previews has been presented.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (load !== current || generation !== previewGeneration) return;
        if (snapshot().firstFrameMs === null) {
          if (current.download.claimFirstFrame()) performance.mark('cm:mpr:first-frame');
          store.update({ firstFrameMs: performance.now() - current.startedAt });
        }
        setTimeout(() => {
          if (load !== current) return;
          ensurePanes();
          void showVolume(current);
        }, 0);
      }),
    );
  }

  /** Slices arrived while the previews show: the coronal and sagittal ones gain their rows. */
  function schedulePreview() {
    if (previewFrame || (!previews.coronal && !previews.sagittal)) return;
    previewFrame = requestAnimationFrame(() => {
      previewFrame = 0;
      const { levels } = snapshot();
      previews.coronal?.draw(levels);
      previews.sagittal?.draw(levels);
    });
  }

  function removePreviews() {
    if (previewFrame) cancelAnimationFrame(previewFrame);
    previewFrame = 0;
    for (const preview of Object.values(previews)) preview.remove();
    previews = {};
    previewGeneration++;
  }

  /** Cornerstone's volume over the voxel array, built once per load. */
  function ensureVolume(current: Load): Types.IImageVolume | undefined {
    if (!current.volume && current.header && current.voxels && current.present) {
      fillAbsentWithAir(current.voxels, current.header, current.present);
      current.volume = createMprVolume(current.volumeId, current.header, current.voxels).volume;
    }
    return current.volume;
  }

  async function showVolume(current: Load) {
    const engine = renderingEngine;
    if (!engine || !ensureVolume(current) || !current.volume) return;
    try {
      await setVolumesForViewports(engine, [{ volumeId: current.volumeId }], [...PANE_IDS]);
    } catch (error) {
      if (load === current && renderingEngine === engine) {
        removePreviews();
        store.update({ status: 'error', error: { kind: 'render', message: (error as Error).message } });
      }
      return;
    }
    if (load !== current || renderingEngine !== engine) return;
    applyDisplay();
    current.displayed = true;
    slicesArrived(current.volume, arrived);
    arrived.clear();
    engine.render();
    // Cornerstone draws the first frame after a volume is set with the camera not yet settled.
    requestAnimationFrame(() => {
      if (renderingEngine !== engine) return;
      engine.render();
      removePreviews();
    });
  }

  function applyDisplay() {
    const { levels, interpolationType } = snapshot();
    for (const pane of PANE_IDS) {
      viewport(pane)?.setProperties({ voiRange: levelsToRange(levels), interpolationType });
    }
    refreshPanes();
  }

  function onFrameRendered(pane: PaneId) {
    refreshLandmarks(pane);
    for (const listener of renderedListeners) listener(pane);
    const current = load;
    if (!current?.volume || pane !== 'axial') return;
    const now = performance.now();
    if (current.firstSlicesIn && snapshot().status === 'loading') {
      // Without a preview (an oblique volume), Cornerstone's first frame is the first image.
      if (snapshot().firstFrameMs === null) {
        if (current.download.claimFirstFrame()) performance.mark('cm:mpr:first-frame');
        store.update({ firstFrameMs: now - current.startedAt });
      }
      store.update({ status: 'ready' });
    }
    if (current.allSlicesIn && arrived.size === 0 && snapshot().completeMs === null) {
      performance.mark('cm:mpr:volume-complete');
      store.update({ completeMs: now - current.startedAt });
    }
  }

  function onCameraModified(pane: PaneId) {
    const vp = viewport(pane);
    if (!vp) return;
    const zoom = vp.getZoom();
    const clamped = clampZoom(zoom);
    // Pan and crosshair moves can also change the zoom; spec §9 keeps it within 1–50 whatever did it.
    // Before the volume is shown the zoom compares with a placeholder camera and means nothing.
    if (load?.displayed && Math.abs(clamped - zoom) > 1e-6 && Number.isFinite(zoom)) {
      vp.setZoom(clamped);
      vp.render();
      return;
    }
    store.update({ panes: { ...snapshot().panes, [pane]: readPane(vp) } });
  }

  function onVoiModified(event: CustomEvent<{ range?: { lower: number; upper: number } }>) {
    const range = event.detail?.range;
    if (!range || !load?.displayed) return;
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

  function readPointer(pane: PaneId, element: HTMLDivElement, event: PointerEvent) {
    const vp = viewport(pane);
    if (!vp || !load?.volume) return;
    const rect = element.getBoundingClientRect();
    const world = vp.canvasToWorld([event.clientX - rect.left, event.clientY - rect.top]) as [number, number, number];
    const value = vp.getIntensityFromWorld(world);
    store.update({ pointer: { pane, world, hu: Number.isFinite(value) ? Math.round(value) : null } });
  }

  function paneProjection(pane: PaneId): MprPaneProjection | null {
    const vp = viewport(pane);
    if (!vp) return null;
    const { viewPlaneNormal, focalPoint } = vp.getCamera();
    if (!viewPlaneNormal || !focalPoint) return null;
    return {
      plane: { normal: viewPlaneNormal as Point3, centroid: focalPoint as Point3 },
      toCanvas: (point) => vp.worldToCanvas(point as Types.Point3) as [number, number],
    };
  }

  function refreshLandmarks(pane: PaneId) {
    const shown = snapshot().landmarks[pane];
    if (landmarks.length === 0 && shown.length === 0) return;
    const projection = paneProjection(pane);
    if (!projection) return;
    const shapes = paneShapes(landmarks, projection.plane, projection.toCanvas);
    store.update({ landmarks: { ...snapshot().landmarks, [pane]: shapes } });
  }

  function setLandmarks(next: readonly MprLandmark[]) {
    landmarks = next;
    for (const pane of PANE_IDS) refreshLandmarks(pane);
  }

  function snapToPlane(target: MprPlaneTarget) {
    const own = VIEW_TYPE_PANES[target.viewType ?? 6] ?? 'axial';
    const center = target.resliceCenter ?? target.centroid;
    for (const pane of PANE_IDS) {
      const vp = viewport(pane);
      if (!vp) continue;
      const camera = vp.getCamera();
      const next = pane === own ? planeCamera(camera, target.normal, target.centroid) : sliceThrough(camera, center);
      if (next) vp.setCamera(next);
    }
    renderingEngine?.render();
    refreshPanes();
  }

  function refreshPanes() {
    const panes = { ...snapshot().panes };
    for (const pane of PANE_IDS) {
      const vp = viewport(pane);
      if (vp) panes[pane] = readPane(vp);
    }
    store.update({ panes });
  }

  function command(cmd: MprCommand) {
    switch (cmd.type) {
      case 'toolMode': {
        store.update({ toolMode: cmd.mode });
        const group = toolGroupId ? getMprToolGroup(toolGroupId) : undefined;
        if (group) applyToolMode(group, cmd.mode);
        return;
      }
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
    const group = toolGroupId ? getMprToolGroup(toolGroupId) : undefined;
    if (group) resetCrosshairs(group);
    for (const pane of PANE_IDS) viewport(pane)?.resetCamera();
    setLevels(levelsOrDefault(props?.levels?.windowWidth ? props.levels : load?.header?.levels));
    renderingEngine?.render();
    refreshPanes();
  }

  function unload() {
    const current = load;
    load = null;
    arrived.clear();
    if (!current) return;
    current.abort.abort();
    removePreviews();
    ensurePanes();
    releaseMprVolume(current.volumeId);
    store.update({ status: 'idle', progress: { loaded: 0, total: 0 }, pointer: null });
  }

  return {
    attach,
    detach,
    paneProjection,
    onPaneRendered(listener) {
      renderedListeners.add(listener);
      return () => renderedListeners.delete(listener);
    },
    setLandmarks,
    snapToPlane,
    setVolume,
    command,
    subscribe: store.subscribe,
    getSnapshot: snapshot,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      detach();
      unload();
      renderedListeners.clear();
      store.dispose();
    },
  };
}
