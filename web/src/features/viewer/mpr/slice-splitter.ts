import { parseVolumeHeader, type VolumeHeader } from '@cardiomap/domain';

/**
 * Cuts a volume body into its header and compressed slices as chunks arrive. Unlike the domain's
 * createVolumeStreamSplitter, which re-joins its pending bytes on every chunk, this keeps the chunks in
 * a list and copies each byte once: on a 500-slice volume the re-joining cost seconds of main thread.
 */
/** `header`, when known already, means the body starts at the first slice. */
export function createSliceSplitter(header?: VolumeHeader) {
  const chunks: Uint8Array[] = [];
  let buffered = 0;
  /** Bytes still to drop before the next slice (the header, when reading from the file start). */
  let skip = 0;
  let next = 0;

  function take(length: number): Uint8Array {
    const out = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const chunk = chunks[0] as Uint8Array;
      const part = Math.min(chunk.length, length - at);
      out.set(part === chunk.length ? chunk : chunk.subarray(0, part), at);
      at += part;
      if (part === chunk.length) chunks.shift();
      else chunks[0] = chunk.subarray(part);
    }
    buffered -= length;
    return out;
  }

  function drop(length: number) {
    while (length > 0 && chunks.length > 0) {
      const chunk = chunks[0] as Uint8Array;
      const part = Math.min(chunk.length, length);
      if (part === chunk.length) chunks.shift();
      else chunks[0] = chunk.subarray(part);
      buffered -= part;
      length -= part;
    }
    return length;
  }

  return {
    /** Adds a chunk; returns the header if this chunk completed it, and the slices it completed. */
    push(chunk: Uint8Array): { header?: VolumeHeader; slices: Array<{ index: number; compressed: Uint8Array }> } {
      chunks.push(chunk);
      buffered += chunk.length;
      const events: { header?: VolumeHeader; slices: Array<{ index: number; compressed: Uint8Array }> } = {
        slices: [],
      };
      if (!header) {
        const head = take(buffered);
        const parsed = parseVolumeHeader(head);
        chunks.push(head);
        buffered += head.length;
        if ('needBytes' in parsed) return events;
        header = parsed.header;
        events.header = header;
        skip = parsed.dataOffset;
      }
      skip = drop(skip);
      const lengths = header.sliceByteLengths;
      while (skip === 0 && next < lengths.length && buffered >= (lengths[next] as number)) {
        events.slices.push({ index: next, compressed: take(lengths[next] as number) });
        next++;
      }
      return events;
    },
    /** The header, once known (given, or read from the body). */
    get header() {
      return header;
    },
    get done() {
      return header !== undefined && next === header.sliceByteLengths.length;
    },
  };
}
