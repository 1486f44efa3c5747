import { parseVolumeHeader, sliceBytes, type VolumeHeader } from './volume-format.ts';

export interface VolumeStreamEvents {
  /** Set once, on the push that completed the header. */
  header?: VolumeHeader;
  /** Compressed slices completed by this push, in order. */
  slices: Array<{ index: number; compressed: Uint8Array }>;
}

/**
 * Splits a volume file arriving in chunks (a fetch body) into its header and compressed slices, so a
 * viewer can inflate and show slice 0 before the last byte arrives. Holds at most one slice's worth of
 * bytes beyond what it hands out.
 */
export function createVolumeStreamSplitter() {
  let pending = new Uint8Array(0);
  let header: VolumeHeader | undefined;
  let next = 0;

  function append(chunk: Uint8Array) {
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    pending = joined;
  }

  return {
    push(chunk: Uint8Array): VolumeStreamEvents {
      append(chunk);
      const events: VolumeStreamEvents = { slices: [] };
      if (!header) {
        const parsed = parseVolumeHeader(pending);
        if ('needBytes' in parsed) return events;
        header = parsed.header;
        events.header = header;
        pending = pending.slice(parsed.dataOffset);
      }
      const lengths = header.sliceByteLengths;
      while (next < lengths.length && pending.length >= (lengths[next] as number)) {
        const length = lengths[next] as number;
        events.slices.push({ index: next, compressed: pending.slice(0, length) });
        pending = pending.slice(length);
        next++;
      }
      return events;
    },
    /** True once every slice was handed out. */
    get done() {
      return header !== undefined && next === header.sliceByteLengths.length;
    },
    /** Decompressed size of one slice, once the header is known. */
    get sliceBytes() {
      return header ? sliceBytes(header) : undefined;
    },
  };
}
