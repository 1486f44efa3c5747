import type { VolumeHeader } from '@cardiomap/domain';
import { Enums, getRenderingEngines, RenderingEngine, setVolumesForViewports, type Types } from '@cornerstonejs/core';
import { ensureCornerstone } from './cornerstone-setup.ts';
import { levelsToRange } from './mpr-settings.ts';
import { createMprVolume, releaseMprVolume } from './mpr-volume.ts';

/**
 * Issue 30: the first slice an MPR engine draws paid for its rendering engine's WebGL contexts and the
 * compile of the volume shaders (~0.25 s in software GL), on top of the texture and the draw. Warmed
 * ahead (the 3D view, idle: mpr-child-loader.ts), a rendering engine draws a tiny volume of the same
 * kind (int16, one component, the same properties and ray samples) once, hidden, and is handed to the
 * first MPR engine that builds its panes: its contexts keep the compiled programs, so that engine's
 * first draw does not compile them again. One spare at a time, kept (contexts only, no volume) until
 * an engine takes it.
 */
let spare: RenderingEngine | null = null;
let warming: Promise<void> | null = null;
let warmCount = 0;

const WARM_VIEWPORT = 'cm-mpr-warm';
/** The fewest ray samples warmHeader's volume can give (6 · 2√2 / 2, rounded up). */
const MIN_WARM_SAMPLES = 9;

/** What the warm-up needs of the study's volume (the viewer load's volume attributes). */
export interface WarmGeometry {
  dimensions?: number[];
  spacing?: number[];
  direction?: number[];
}

/**
 * The volume shader has one number of the volume in its source: the most samples a ray takes,
 * ceil(bounds' diagonal / sample distance), the sample distance being a sixth of the spacings' sum
 * (Cornerstone's createVolumeMapper). The warm-up's tiny volume must give the same number, or the
 * panes compile their own program after all.
 */
export function raySamples(dimensions: number[], spacing: number[], direction?: number[]): number {
  const axes = [0, 1, 2].map((i) => direction?.slice(3 * i, 3 * i + 3) ?? [0, 1, 2].map((j) => (i === j ? 1 : 0)));
  // The volume's bounds as the mapper sees them: whole voxels, dimensions × spacing (a half voxel
  // beyond the first and last centres).
  const extent = [0, 1, 2].map((i) => (dimensions[i] ?? 1) * (spacing[i] ?? 1));
  // The bounds of the box's corners in patient space: each axis' extent projected on x, y and z.
  const size = [0, 1, 2].map((w) =>
    axes.reduce((sum, axis, i) => sum + Math.abs((axis[w] ?? 0) * (extent[i] ?? 0)), 0),
  );
  const diagonal = Math.hypot(...size);
  const sampleDistance = spacing.slice(0, 3).reduce((a, b) => a + b, 0) / 6;
  return Math.ceil(diagonal / sampleDistance);
}

/**
 * A tiny volume (m × 2 × 2 voxels, spacing 1 × t × t, axis-aligned) whose ray samples are `samples` (≥ 9):
 * m is the fewest columns that can reach it, t is found by bisection (more t, fewer samples), aiming
 * half a sample under so the ceiling lands on it.
 */
export function warmHeader(samples: number): VolumeHeader {
  const columns = Math.max(2, Math.ceil(samples / 6) + 1);
  const samplesAt = (t: number) => (6 * Math.hypot(columns, 2 * t, 2 * t)) / (1 + 2 * t);
  let low = 0;
  let high = 1e6;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (samplesAt(mid) > samples - 0.5) low = mid;
    else high = mid;
  }
  const t = Math.max(low, 1e-3);
  return {
    version: 2,
    dimensions: [columns, 2, 2],
    spacing: [1, t, t],
    origin: [0, 0, 0],
    direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    dataType: 'int16',
    compression: 'deflate-raw',
    levels: { windowCenter: 230, windowWidth: 1075 },
    interpolationType: 0,
    sliceByteLengths: [],
  };
}

/**
 * Warms a rendering engine once for the study's volume geometry (see above); resolves when it is
 * ready or could not be made. Without the geometry nothing is warmed: the shader would not match.
 */
export function warmMprRendering(geometry?: WarmGeometry | null): Promise<void> {
  ensureCornerstone();
  const { dimensions, spacing, direction } = geometry ?? {};
  if (spare || warming || dimensions?.length !== 3 || spacing?.length !== 3) return warming ?? Promise.resolve();
  // An MPR engine already on the page (kept from the MPR view) has its program: a spare would only add
  // its WebGL contexts to the browser's few (a tab loses its oldest beyond 16).
  if (getRenderingEngines()?.length) return Promise.resolve();
  const samples = raySamples(dimensions, spacing, direction);
  // Below 9 the tiny volume cannot match (a volume of a few voxels: nothing worth warming).
  if (!(samples >= MIN_WARM_SAMPLES)) return Promise.resolve();
  const header = warmHeader(samples);
  const attempt = warm(header).catch(() => undefined);
  warming = attempt;
  void attempt.finally(() => {
    if (warming === attempt) warming = null;
  });
  return attempt;
}

async function warm(header: VolumeHeader): Promise<void> {
  performance.mark('cm:mpr:gl-warm-start');
  const id = `cm-mpr-warm-${++warmCount}`;
  const host = document.createElement('div');
  // Drawn for real (a hidden element still has its size), never seen nor hit.
  host.style.cssText = 'position:fixed;left:0;top:0;width:32px;height:32px;visibility:hidden;pointer-events:none';
  host.setAttribute('aria-hidden', 'true');
  document.body.append(host);
  const engine = new RenderingEngine(id);
  const volumeId = `${id}-volume`;
  try {
    engine.setViewports([
      {
        viewportId: WARM_VIEWPORT,
        type: Enums.ViewportType.ORTHOGRAPHIC,
        element: host,
        defaultOptions: { orientation: Enums.OrientationAxis.AXIAL, background: [0, 0, 0] as Types.Point3 },
      },
    ]);
    const count = header.dimensions[0] * header.dimensions[1] * header.dimensions[2];
    createMprVolume(volumeId, header, new Int16Array(count).fill(40));
    await setVolumesForViewports(engine, [{ volumeId }], [WARM_VIEWPORT]);
    const viewport = engine.getViewport(WARM_VIEWPORT) as Types.IVolumeViewport;
    viewport.setProperties({ voiRange: levelsToRange(header.levels), interpolationType: 0 });
    await new Promise<void>((resolve) => {
      host.addEventListener(Enums.Events.IMAGE_RENDERED, () => resolve(), { once: true });
      engine.renderViewports([WARM_VIEWPORT]);
    });
    engine.disableElement(WARM_VIEWPORT);
    spare = engine;
  } catch (error) {
    engine.destroy();
    throw error;
  } finally {
    host.remove();
    releaseMprVolume(volumeId);
    performance.mark('cm:mpr:gl-warm-end');
  }
}

/** The warmed rendering engine, once: the caller owns it (and destroys it). */
export function takeWarmRenderingEngine(): RenderingEngine | null {
  const taken = spare;
  spare = null;
  return taken;
}
