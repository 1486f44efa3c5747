import { loadChunk } from '../../lib/chunk-load.ts';
import { afterFirstImage } from './mpr/first-image-gate.ts';
import type { WarmGeometry } from './mpr/mpr-warm.ts';

type MprChildModule = typeof import('./MprChild.tsx');

/** After the 3D view has drawn, this long before the MPR view is warmed (its own start goes first). */
const WARM_DELAY_MS = 1500;
/** …and then at the latest this long after, if the page is never idle. */
const WARM_IDLE_TIMEOUT_MS = 5000;

/** The longest the warmed chunk waits for its rendering engine's warm-up (mpr-warm.ts). */
const WARM_GL_TIMEOUT_MS = 2000;

/** The MPR chunk asked for without the gate: warmed on the 3D view. */
let warmed: Promise<MprChildModule> | null = null;

const markOnce = (name: string) => {
  if (!performance.getEntriesByName(name).length) performance.mark(name);
};

/**
 * The MPR view's chunk (4 MB, Cornerstone3D). On a link straight to the MPR view it waits for the
 * first image (first-image-gate.ts): run while that image is on its way, it would hold it back. Once
 * warmed on the 3D view it is simply there.
 */
export function loadMprChild(): Promise<MprChildModule> {
  if (warmed) return warmed;
  return afterFirstImage().then(async () => {
    // Issue 30: the chunk's fetch and run as phases of the time to the engine's first slice.
    markOnce('cm:mpr:chunk-asked');
    // Spec §9: bounded by the 120 s chunk time-out, like the viewer's other chunks.
    const module = await loadChunk(() => import('./MprChild.tsx'));
    markOnce('cm:mpr:chunk-run');
    return module;
  });
}

/**
 * Issue 30: switching from the 3D view to the MPR view waited ~1 s for the MPR chunk to download and
 * run and for Cornerstone's set-up, before the volume was even asked for. While the 3D view is open
 * and the page idle, both are done ahead (one long main-thread task, once per page), and a rendering
 * engine draws a tiny volume once so its shaders are compiled (mpr-warm.ts): the switch only pays for
 * the volume and its first draw. Answers a cancel for an unmount before it started.
 */
export function warmMprViewWhenIdle(geometry?: WarmGeometry | null): () => void {
  if (warmed) return () => undefined;
  let idle = 0;
  const timer = setTimeout(() => {
    const start = () => warm(geometry);
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start, { timeout: WARM_IDLE_TIMEOUT_MS });
    else start();
  }, WARM_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (idle) cancelIdleCallback(idle);
  };
}

function warm(geometry?: WarmGeometry | null) {
  if (warmed) return;
  performance.mark('cm:mpr:warm-start');
  const loading = import('./MprChild.tsx').then(async (module) => {
    // The MPR view opened meanwhile waits for the warmed rendering engine rather than make a second
    // one beside it; a warm-up that never finishes does not hold it longer than this.
    await Promise.race([
      module.warmMprEngine(geometry),
      new Promise((resolve) => setTimeout(resolve, WARM_GL_TIMEOUT_MS)),
    ]);
    performance.mark('cm:mpr:warm-end');
    return module;
  });
  warmed = loading;
  // A failed download is tried again the ordinary way, by the MPR route.
  loading.catch(() => {
    if (warmed === loading) warmed = null;
  });
}
