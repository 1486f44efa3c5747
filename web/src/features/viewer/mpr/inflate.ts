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
