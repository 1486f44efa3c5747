import { joinBytePlanes } from '@cardiomap/domain';

/**
 * Raw-deflate decompression of one slice, in this thread or in a pool of workers. The result is always
 * the slice's little-endian value pairs: with `bytePlanes` (volume version 2) the inflated planes are
 * joined back where they were inflated, so a worker pool does that work too.
 */
export type Inflate = (compressed: Uint8Array, length: number, bytePlanes?: boolean) => Promise<Uint8Array>;

export class InflateError extends Error {
  override name = 'InflateError';
}

/** Inflates `compressed` to exactly `length` bytes (joined into pairs if `bytePlanes`), or throws InflateError. */
export async function inflateRaw(compressed: Uint8Array, length: number, bytePlanes = false): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(compressed);
      controller.close();
    },
  });
  // lib.dom types the inflater's input as BufferSource, which Uint8Array<ArrayBufferLike> misses.
  const inflater = new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const reader = source.pipeThrough(inflater).getReader();
  let at = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > length) throw new InflateError(`inflates past its size of ${length} bytes`);
      out.set(value, at);
      at += value.length;
    }
  } catch (error) {
    if (error instanceof InflateError) throw error;
    throw new InflateError(`corrupt data: ${(error as Error).message}`);
  }
  if (at !== length) throw new InflateError(`inflates to ${at} bytes, expected ${length}`);
  return bytePlanes ? joinBytePlanes(out) : out;
}

interface Reply {
  id: number;
  raw?: Uint8Array;
  error?: string;
}

/**
 * Inflating 500 CT slices takes seconds of CPU; in workers it runs beside the download and leaves the
 * main thread to draw. Falls back to this thread where workers are missing (tests).
 */
export function createInflaterPool(size: number): { inflate: Inflate; dispose(): void } {
  if (typeof Worker === 'undefined' || size < 1) return { inflate: inflateRaw, dispose: () => undefined };
  const workers = Array.from(
    { length: size },
    () => new Worker(new URL('./inflate-worker.ts', import.meta.url), { type: 'module', name: 'cardiomap-inflate' }),
  );
  const waiting = new Map<number, { resolve(raw: Uint8Array): void; reject(error: Error): void }>();
  let nextId = 0;
  for (const worker of workers) {
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const { id, raw, error } = event.data;
      const job = waiting.get(id);
      waiting.delete(id);
      if (raw) job?.resolve(raw);
      else job?.reject(new InflateError(error ?? 'inflate failed'));
    };
  }
  return {
    inflate(compressed, length, bytePlanes = false) {
      const id = nextId++;
      const worker = workers[id % workers.length] as Worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const own = compressed.byteOffset === 0 && compressed.byteLength === compressed.buffer.byteLength;
        const message = { id, compressed: own ? compressed : compressed.slice(), length, bytePlanes };
        worker.postMessage(message, [message.compressed.buffer]);
      });
    },
    dispose() {
      for (const worker of workers) worker.terminate();
      for (const job of waiting.values()) job.reject(new InflateError('the inflater was stopped'));
      waiting.clear();
    },
  };
}
