/**
 * The MPR chunk (4 MB of Cornerstone3D) runs on the main thread for half a second or more once it
 * arrives; started while the first image is on its way, it holds that image back. So it is imported
 * once the early preview is on screen, or once there will be none (no prefetched download, an oblique
 * volume, a failure), and at the latest after MAX_WAIT_MS. The gate opens once per page: later visits
 * find the chunk loaded.
 */
export const MAX_WAIT_MS = 3000;

let openGate: () => void = () => undefined;
let opened = new Promise<void>((resolve) => {
  openGate = resolve;
});

/** The preview is on screen, or none is coming: the chunk may load. */
export function openFirstImageGate(): void {
  openGate();
}

/** Resolves when the gate opens, or after `maxWaitMs` whatever happens. */
export function afterFirstImage(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  return Promise.race([opened, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}

/** Test hook: a closed gate again, as on a fresh page. */
export function resetFirstImageGate(): void {
  opened = new Promise<void>((resolve) => {
    openGate = resolve;
  });
}
