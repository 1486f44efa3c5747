/** Spec §4/§9: the processing indicator gains 1 % every 3 s and wraps from 100 back to 0. */
export const PROCESSING_TICK_MS = 3000;

export const processingIndicatorValue = (elapsedMs: number): number =>
  Math.floor(Math.max(0, elapsedMs) / PROCESSING_TICK_MS) % 101;
