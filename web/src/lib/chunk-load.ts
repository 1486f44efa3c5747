/** Spec §9: a code chunk that has not arrived after 120 s is not coming. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazily loaded part of the app that did not arrive: failed, or still missing after the time-out. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;
  constructor(timedOut: boolean, cause?: unknown) {
    super(
      timedOut
        ? 'This part of CardioMap did not arrive within 120 seconds. Check your connection and reload the page.'
        : 'This part of CardioMap could not be loaded. Check your connection and reload the page.',
      { cause },
    );
    this.timedOut = timedOut;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/**
 * A chunk's import, bounded: a request the network holds open forever would otherwise leave the page on
 * its loading state for good (the browser never gives up on it). Both ways of not arriving become a
 * ChunkLoadError, which the route's error element turns into a message with a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError(false, error));
      },
    );
  });
}
