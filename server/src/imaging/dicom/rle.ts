/**
 * DICOM RLE Lossless (PS3.5 Annex G): a 64-byte header of segment offsets, then one PackBits segment per
 * byte plane, most significant byte first. Returns little-endian samples, `bytesPerSample` bytes each.
 */
export function decodeRle(frame: Uint8Array, pixelCount: number, bytesPerSample: number): Uint8Array {
  if (frame.length < 64) throw new Error('RLE frame shorter than its header');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const segmentCount = view.getUint32(0, true);
  if (segmentCount !== bytesPerSample) {
    throw new Error(`RLE frame has ${segmentCount} segments, expected ${bytesPerSample}`);
  }
  const out = new Uint8Array(pixelCount * bytesPerSample);
  for (let s = 0; s < segmentCount; s++) {
    const start = view.getUint32(4 + s * 4, true);
    const end = s + 1 < segmentCount ? view.getUint32(8 + s * 4, true) : frame.length;
    if (start < 64 || end > frame.length || start > end) throw new Error(`RLE segment ${s} out of bounds`);
    // Segment 0 holds the most significant bytes; little-endian output puts them last.
    const byteIndex = bytesPerSample - 1 - s;
    decodeSegment(frame, start, end, out, byteIndex, bytesPerSample, pixelCount);
  }
  return out;
}

function decodeSegment(
  src: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  byteIndex: number,
  stride: number,
  pixelCount: number,
): void {
  let i = start;
  let p = 0;
  while (i < end && p < pixelCount) {
    const n = src[i++]!;
    if (n < 128) {
      const count = Math.min(n + 1, pixelCount - p, end - i);
      for (let k = 0; k < count; k++) out[(p + k) * stride + byteIndex] = src[i + k]!;
      i += n + 1;
      p += count;
    } else if (n > 128) {
      const count = Math.min(257 - n, pixelCount - p);
      const value = src[i++]!;
      for (let k = 0; k < count; k++) out[(p + k) * stride + byteIndex] = value;
      p += count;
    }
  }
  if (p < pixelCount) throw new Error(`RLE segment decoded ${p} of ${pixelCount} samples`);
}
