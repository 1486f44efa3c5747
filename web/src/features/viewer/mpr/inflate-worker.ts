/// <reference lib="webworker" />
import { inflateRaw } from './inflate.ts';

/** Inflates slices for createInflaterPool; the result's buffer is transferred, not copied. */
self.onmessage = async (
  event: MessageEvent<{ id: number; compressed: Uint8Array; length: number; bytePlanes: boolean }>,
) => {
  const { id, compressed, length, bytePlanes } = event.data;
  try {
    const raw = await inflateRaw(compressed, length, bytePlanes);
    (self as unknown as Worker).postMessage({ id, raw }, [raw.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: (error as Error).message });
  }
};
