/**
 * Encodes DICOM elements (little endian, explicit or implicit VR) into a list of chunks that is joined once
 * at the end, so copying large values (pixel data) costs one memcpy and no intermediate buffers.
 */

/** VRs whose explicit encoding has two reserved bytes and a 32-bit length (PS3.5 §7.1.2). */
export const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);

/** VRs padded with a NUL byte to even length; every other string VR is padded with a space. */
const NUL_PADDED_VRS = new Set(['UI', 'OB', 'UN']);

export const UNDEFINED_LENGTH = 0xffffffff;

const latin1 = new TextEncoder();

/** A string value as bytes, padded to even length the way its VR requires. ASCII/UTF-8 callers only. */
export function encodeText(vr: string, text: string): Uint8Array {
  const raw = latin1.encode(text);
  if (raw.length % 2 === 0) return raw;
  const padded = new Uint8Array(raw.length + 1);
  padded.set(raw);
  padded[raw.length] = NUL_PADDED_VRS.has(vr) ? 0 : 0x20;
  return padded;
}

export function encodeUint16(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  for (const [i, v] of values.entries()) view.setUint16(i * 2, v, true);
  return out;
}

export function encodeUint32(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (const [i, v] of values.entries()) view.setUint32(i * 4, v, true);
  return out;
}

/**
 * A decimal string (DS) of at most 16 characters; exact when the number's shortest form fits, which is the
 * case for every value a phantom or a scanner writes in practice.
 */
export function formatDecimalString(n: number): string {
  const plain = String(n);
  if (plain.length <= 16 && !plain.includes('e')) return plain;
  for (let digits = 15; digits > 0; digits--) {
    const s = String(Number(n.toPrecision(digits)));
    if (s.length <= 16) return s;
  }
  return n.toExponential(8);
}

/** A tag as one number, group in the high 16 bits: (0020,0032) → 0x00200032. */
export function tagNumber(group: number, element: number): number {
  return ((group << 16) | element) >>> 0;
}

export class DataSetWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(readonly explicitVr: boolean) {}

  get length(): number {
    return this.size;
  }

  /** Appends bytes as they are (already-encoded elements, item delimiters, a copied value). */
  raw(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.chunks.push(bytes);
    this.size += bytes.length;
  }

  /** An element header; `length` may be UNDEFINED_LENGTH for sequences and encapsulated pixel data. */
  header(tag: number, vr: string, length: number): void {
    const longForm = !this.explicitVr || LONG_VRS.has(vr);
    const head = new Uint8Array(this.explicitVr && longForm ? 12 : 8);
    const view = new DataView(head.buffer);
    view.setUint16(0, tag >>> 16, true);
    view.setUint16(2, tag & 0xffff, true);
    if (!this.explicitVr) {
      view.setUint32(4, length, true);
    } else {
      head[4] = vr.charCodeAt(0);
      head[5] = vr.charCodeAt(1);
      if (longForm) view.setUint32(8, length, true);
      else view.setUint16(6, length, true);
    }
    this.raw(head);
  }

  element(tag: number, vr: string, value: Uint8Array): void {
    this.header(tag, vr, value.length);
    this.raw(value);
  }

  text(tag: number, vr: string, text: string): void {
    this.element(tag, vr, encodeText(vr, text));
  }

  /** Item, item delimitation or sequence delimitation tag (FFFE,xxxx) with its 32-bit length. */
  delimiter(tag: number, length: number): void {
    const head = new Uint8Array(8);
    const view = new DataView(head.buffer);
    view.setUint16(0, 0xfffe, true);
    view.setUint16(2, tag & 0xffff, true);
    view.setUint32(4, length, true);
    this.raw(head);
  }

  /** A sequence of undefined length whose items are written by `writeItems` (each with `item`). */
  sequence(tag: number, itemBodies: Uint8Array[]): void {
    this.header(tag, 'SQ', UNDEFINED_LENGTH);
    for (const body of itemBodies) {
      this.delimiter(0xfffee000, UNDEFINED_LENGTH);
      this.raw(body);
      this.delimiter(0xfffee00d, 0);
    }
    this.delimiter(0xfffee0dd, 0);
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** The chunks without joining them, for callers that join several writers at once. */
  parts(): Uint8Array[] {
    return this.chunks;
  }
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
