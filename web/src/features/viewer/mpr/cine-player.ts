import type { Point3, VolumeHeader, VolumeLevels } from '@cardiomap/domain';
import { levelsToRange, PANE_IDS, type PaneId } from './mpr-settings.ts';

/** A cardiac phase's whole volume in memory (phases/phase-stream.ts). */
export interface CinePhase {
  id: string;
  header: Pick<VolumeHeader, 'dimensions' | 'spacing' | 'origin' | 'direction'>;
  voxels: Int16Array;
}

/** Where a pane's frames go, and how its CSS pixels map to patient points (its current plane). */
export interface CinePane {
  /** The frame canvas goes in here, over Cornerstone's canvas and under the crosshairs' SVG. */
  host: HTMLElement;
  /** CSS pixels. */
  width: number;
  height: number;
  toWorld(canvas: [number, number]): Point3;
}

export interface CinePlayerDeps {
  /** The pane as it is now; null before it has a camera or room. */
  pane(pane: PaneId): CinePane | null;
  levels(): VolumeLevels;
  /** `listener` runs when a pane's camera or the levels change: the frames are resliced then. */
  onViewChange(listener: () => void): () => void;
  requestFrame?(callback: (now: number) => void): number;
  cancelFrame?(id: number): void;
}

export interface CineStats {
  /** Frames put on the canvases since play (one frame = one phase in all three panes). */
  framesDrawn: number;
  /** Distinct phases drawn since play. */
  phasesDrawn: string[];
  /** Frames per second since play; null before the second frame. */
  phasesPerSecond: number | null;
}

export interface CinePlayer {
  /** Loops `phases` from `startId` in all three panes; the panes' planes are read, never changed. */
  play(phases: readonly CinePhase[], startId?: string): void;
  /** Stops and takes the frames away: the panes show Cornerstone's volume, the selected phase. */
  pause(): void;
  readonly playing: boolean;
  /** The phase on the canvases; null when not playing. */
  readonly shownId: string | null;
  onFrame(listener: (phaseId: string | null) => void): () => void;
  stats(): CineStats;
  destroy(): void;
}

/** Issue 28 §2 asks ≥ 10 phases/s. */
export const CINE_PHASES_PER_SECOND = 15;
/** Frames are drawn at most this many pixels on their long side, then stretched over the pane. */
const MAX_FRAME_SIDE = 384;

interface PaneState {
  source: CinePane;
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  /** What the indices and frames were made for: the plane, the canvas size and the levels. */
  key: string;
  width: number;
  height: number;
  /** Per frame pixel, the voxel index it shows (nearest), or -1 outside the volume. */
  indices: Int32Array | null;
  frames: Map<string, ImageData>;
}

/**
 * Cine over the MPR panes (issue 28 §2) without touching Cornerstone: swapping its volume per frame
 * means a GPU texture upload, seconds in software GL. Each phase's voxels are resliced on the CPU
 * along the panes' current planes (nearest voxel, the panes' W/L), once per phase and plane into a
 * frame cache, and the frames are put on a canvas over each pane in turn. A camera or W/L change
 * reslices; pausing removes the canvases, so the panes show the selected phase again.
 */
export function createCinePlayer(deps: CinePlayerDeps): CinePlayer {
  const requestFrame = deps.requestFrame ?? ((callback) => requestAnimationFrame(callback));
  const cancelFrame = deps.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  const interval = 1000 / CINE_PHASES_PER_SECOND;
  const listeners = new Set<(phaseId: string | null) => void>();
  const panes = new Map<PaneId, PaneState>();
  let phases: readonly CinePhase[] = [];
  let index = 0;
  let frame = 0;
  let lastAt: number | null = null;
  let shownId: string | null = null;
  let stale = true;
  let stats = { framesDrawn: 0, phasesDrawn: new Set<string>(), firstAt: 0, lastAt: 0 };
  // A playing loop reslices on its next tick.
  const stopListening = deps.onViewChange(() => {
    stale = true;
  });

  function tick(now: number) {
    frame = requestFrame(tick);
    if (lastAt !== null && now - lastAt < interval - 1) return;
    // Behind by more than a frame (a busy main thread): start counting again rather than rush.
    lastAt = lastAt === null || now - lastAt > 2 * interval ? now : lastAt + interval;
    if (shownId !== null) index = (index + 1) % phases.length;
    draw(phases[index] as CinePhase, now);
  }

  function draw(phase: CinePhase, now: number) {
    if (stale) refreshPanes();
    for (const state of panes.values()) {
      let image = state.frames.get(phase.id);
      if (!image) {
        image = state.context.createImageData(state.width, state.height);
        state.indices ??= voxelIndices(phase.header, state.source, state);
        paint(phase.voxels, state.indices, deps.levels(), image.data);
        state.frames.set(phase.id, image);
      }
      state.context.putImageData(image, 0, 0);
      state.canvas.dataset.phaseId = phase.id;
    }
    shownId = phase.id;
    stats.framesDrawn++;
    stats.phasesDrawn.add(phase.id);
    if (stats.framesDrawn === 1) stats.firstAt = now;
    stats.lastAt = now;
    for (const listener of [...listeners]) listener(phase.id);
  }

  /** Reads each pane's plane; a pane whose plane, size or levels changed loses its frames. */
  function refreshPanes() {
    stale = false;
    const levels = deps.levels();
    for (const id of PANE_IDS) {
      const pane = deps.pane(id);
      let state = panes.get(id);
      if (!pane) {
        state?.canvas.remove();
        panes.delete(id);
        continue;
      }
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(pane.width, pane.height));
      const width = Math.max(1, Math.round(pane.width * scale));
      const height = Math.max(1, Math.round(pane.height * scale));
      const key = JSON.stringify([
        pane.toWorld([0, 0]),
        pane.toWorld([1, 0]),
        pane.toWorld([0, 1]),
        width,
        height,
        levels,
      ]);
      if (!state) {
        state = createPaneState(pane);
        panes.set(id, state);
      }
      state.source = pane;
      if (state.canvas.parentElement !== pane.host) insertCanvas(pane.host, state.canvas);
      if (state.key === key) continue;
      state.key = key;
      state.width = state.canvas.width = width;
      state.height = state.canvas.height = height;
      state.indices = null;
      state.frames.clear();
    }
  }

  function pause() {
    if (frame) cancelFrame(frame);
    frame = 0;
    for (const state of panes.values()) state.canvas.remove();
    panes.clear();
    const wasShown = shownId;
    shownId = null;
    lastAt = null;
    if (wasShown !== null) for (const listener of [...listeners]) listener(null);
  }

  return {
    play(next, startId) {
      pause();
      if (next.length === 0) return;
      phases = next;
      index = Math.max(
        0,
        next.findIndex((phase) => phase.id === startId),
      );
      stale = true;
      stats = { framesDrawn: 0, phasesDrawn: new Set(), firstAt: 0, lastAt: 0 };
      frame = requestFrame(tick);
    },
    pause,
    get playing() {
      return frame !== 0;
    },
    get shownId() {
      return shownId;
    },
    onFrame(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats() {
      const seconds = (stats.lastAt - stats.firstAt) / 1000;
      return {
        framesDrawn: stats.framesDrawn,
        phasesDrawn: [...stats.phasesDrawn],
        phasesPerSecond: stats.framesDrawn > 1 && seconds > 0 ? (stats.framesDrawn - 1) / seconds : null,
      };
    },
    destroy() {
      pause();
      stopListening();
      listeners.clear();
    },
  };
}

function createPaneState(pane: CinePane): PaneState {
  const canvas = pane.host.ownerDocument.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas for the cine frames');
  canvas.dataset.testid = 'mpr-cine-frame';
  Object.assign(canvas.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
  });
  return { source: pane, canvas, context, key: '', width: 0, height: 0, indices: null, frames: new Map() };
}

/** Right after Cornerstone's canvas: the tools' SVG (crosshairs) comes later and stays on top. */
function insertCanvas(host: HTMLElement, canvas: HTMLCanvasElement) {
  const cornerstoneCanvas = host.querySelector(':scope > canvas.cornerstone-canvas');
  if (cornerstoneCanvas) cornerstoneCanvas.after(canvas);
  else host.prepend(canvas);
}

/**
 * For each pixel of a `size.width` × `size.height` frame stretched over the pane, the index of the
 * nearest voxel to the patient point at its centre, or -1 outside the volume. The pane's projection is
 * linear (orthographic), so three points of it give every pixel's.
 */
export function voxelIndices(
  header: CinePhase['header'],
  pane: Pick<CinePane, 'width' | 'height' | 'toWorld'>,
  size: { width: number; height: number },
): Int32Array {
  const p0 = pane.toWorld([0, 0]);
  const px = pane.toWorld([1, 0]);
  const py = pane.toWorld([0, 1]);
  const [nx, ny, nz] = header.dimensions;
  const d = header.direction;
  // Voxel coordinate along axis a: dot(world - origin, direction row a) / spacing a, linear in x and y.
  const along = (a: number) => {
    const row = [d[a * 3] ?? 0, d[a * 3 + 1] ?? 0, d[a * 3 + 2] ?? 0];
    const s = header.spacing[a] ?? 1;
    const dot = (v: readonly number[]) =>
      (row[0] as number) * (v[0] as number) +
      (row[1] as number) * (v[1] as number) +
      (row[2] as number) * (v[2] as number);
    const base = dot(p0.map((value, i) => value - (header.origin[i] ?? 0))) / s;
    return {
      base,
      dx: dot(px.map((value, i) => value - (p0[i] as number))) / s,
      dy: dot(py.map((value, i) => value - (p0[i] as number))) / s,
    };
  };
  const [ai, aj, ak] = [along(0), along(1), along(2)];
  const sx = pane.width / size.width;
  const sy = pane.height / size.height;
  const out = new Int32Array(size.width * size.height);
  let p = 0;
  for (let y = 0; y < size.height; y++) {
    const cy = (y + 0.5) * sy;
    for (let x = 0; x < size.width; x++, p++) {
      const cx = (x + 0.5) * sx;
      const i = Math.round(ai.base + cx * ai.dx + cy * ai.dy);
      const j = Math.round(aj.base + cx * aj.dx + cy * aj.dy);
      const k = Math.round(ak.base + cx * ak.dx + cy * ak.dy);
      out[p] = i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz ? -1 : i + nx * (j + ny * k);
    }
  }
  return out;
}

/** Greys of the voxels at `indices` through the linear window `levels`; black outside the volume. */
export function paint(voxels: Int16Array, indices: Int32Array, levels: VolumeLevels, rgba: Uint8ClampedArray): void {
  const { lower, upper } = levelsToRange(levels);
  const scale = 255 / Math.max(1e-6, upper - lower);
  for (let p = 0, out = 0; p < indices.length; p++, out += 4) {
    const at = indices[p] as number;
    const grey = at < 0 ? 0 : ((voxels[at] as number) - lower) * scale;
    rgba[out] = grey;
    rgba[out + 1] = grey;
    rgba[out + 2] = grey;
    rgba[out + 3] = 255;
  }
}
