/**
 * CardioMap's volume file (study resource type 2), made for streaming to the viewer:
 *
 *   bytes 0–5   magic "CMVOL1"
 *   bytes 6–9   header length N, unsigned 32-bit little-endian
 *   next N      header: ASCII JSON (non-ASCII escaped), right-padded with spaces
 *   then        the slices in order along the slice normal, each compressed on its own with raw
 *               deflate (DecompressionStream('deflate-raw') in a browser); slice k occupies
 *               `sliceByteLengths[k]` bytes, so the viewer can show the first slices while the rest
 *               arrive, or fetch any slice by HTTP range.
 *
 * A decompressed slice is dimensions[0] × dimensions[1] signed 16-bit Hounsfield units, columns varying
 * fastest. Version 1 stores each value little-endian (low byte, high byte). Version 2 stores a slice as
 * two byte planes: the low bytes of all its values, then their high bytes. CT's high bytes are a few
 * values in long runs and its low bytes are noise, so each plane gets the deflate it suits (run-length
 * for the high plane, Huffman alone for the low one): the volume comes out about a sixth smaller than
 * version 1 at level 1 and deflates two to three times faster. The planes are one raw-deflate stream per
 * slice all the same (the low plane's deflate ends with a sync flush, not a final block), so a reader
 * inflates exactly as for version 1 and only then puts the bytes back in pairs (`joinBytePlanes`). Voxel (i, j, k) lies at origin + i·spacing[0]·d0 + j·spacing[1]·d1 +
 * k·spacing[2]·d2, where d0, d1, d2 are `direction`'s three unit vectors (row direction, column
 * direction, slice normal), as Cornerstone3D and vtk.js take them.
 */

export const VOLUME_MAGIC = 'CMVOL1';
/** What the server writes; readers take every version in `VOLUME_FORMAT_VERSIONS`. */
export const VOLUME_FORMAT_VERSION = 2;
export const VOLUME_FORMAT_VERSIONS: readonly VolumeHeader['version'][] = [1, 2];
export const VOLUME_PREAMBLE_BYTES = VOLUME_MAGIC.length + 4;
export const VOLUME_MIME_TYPE = 'application/vnd.cardiomap.volume';

/** Spec §9: default colour levels when the images carry none. */
export const DEFAULT_VOLUME_LEVELS: Readonly<VolumeLevels> = Object.freeze({ windowCenter: 230, windowWidth: 1075 });

export interface VolumeLevels {
  windowCenter: number;
  windowWidth: number;
}

export type Triple = [number, number, number];

export interface VolumeHeader {
  /** 1: each slice's values little-endian; 2: each slice as its low-byte plane, then its high-byte plane. */
  version: 1 | 2;
  /** [columns, rows, slices] */
  dimensions: Triple;
  /** mm: [between columns, between rows, between slices] */
  spacing: Triple;
  /** Patient position (mm) of voxel (0, 0, 0). */
  origin: Triple;
  /** Row direction, column direction, slice normal: nine numbers. */
  direction: number[];
  dataType: 'int16';
  compression: 'deflate-raw';
  levels: VolumeLevels;
  /** Spec §9: 1 when the source slice spacing varied by more than 0.3 mm, else 0. */
  interpolationType: 0 | 1;
  /** Compressed length of each slice in bytes, in slice order. */
  sliceByteLengths: number[];
  /** The (pseudonymised) frame of reference the positions are in, as in the de-identified DICOM. */
  frameOfReferenceUid?: string;
  /**
   * Slices (0-based, ascending) interpolated between acquired slices: no image was acquired there.
   * Absent (every volume written before it existed, and every volume without one) means all are acquired.
   */
  interpolatedSlices?: number[];
}

export class VolumeFormatError extends Error {
  override name = 'VolumeFormatError';
}

/** Bytes of one decompressed slice. */
export function sliceBytes(header: Pick<VolumeHeader, 'dimensions'>): number {
  return header.dimensions[0] * header.dimensions[1] * 2;
}

/**
 * Header space to reserve before the slice lengths are known: the header with every length at its
 * widest, so the final header always fits and the slices never move.
 */
export function reservedHeaderLength(header: Omit<VolumeHeader, 'sliceByteLengths'>): number {
  const widest = Array.from({ length: header.dimensions[2] }, () => 99_999_999_999);
  return asciiJson({ ...header, sliceByteLengths: widest }).length;
}

/** Magic, length and header, padded to `reservedLength` (default: exactly the header). */
export function encodeVolumeHeader(header: VolumeHeader, reservedLength?: number): Uint8Array {
  const json = asciiJson(validateVolumeHeader(header));
  const length = reservedLength ?? json.length;
  if (json.length > length) throw new VolumeFormatError(`header needs ${json.length} bytes, ${length} reserved`);
  const out = new Uint8Array(VOLUME_PREAMBLE_BYTES + length).fill(0x20);
  for (let i = 0; i < VOLUME_MAGIC.length; i++) out[i] = VOLUME_MAGIC.charCodeAt(i);
  new DataView(out.buffer).setUint32(VOLUME_MAGIC.length, length, true);
  for (let i = 0; i < json.length; i++) out[VOLUME_PREAMBLE_BYTES + i] = json.charCodeAt(i);
  return out;
}

export type HeaderParse = { header: VolumeHeader; dataOffset: number } | { needBytes: number };

/** Reads the header from the start of a file; asks for more bytes when `bytes` is too short. */
export function parseVolumeHeader(bytes: Uint8Array): HeaderParse {
  if (bytes.length < VOLUME_PREAMBLE_BYTES) return { needBytes: VOLUME_PREAMBLE_BYTES };
  for (let i = 0; i < VOLUME_MAGIC.length; i++) {
    if (bytes[i] !== VOLUME_MAGIC.charCodeAt(i)) throw new VolumeFormatError('not a CardioMap volume (bad magic)');
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(VOLUME_MAGIC.length, true);
  const dataOffset = VOLUME_PREAMBLE_BYTES + length;
  if (bytes.length < dataOffset) return { needBytes: dataOffset };
  let json = '';
  for (let i = VOLUME_PREAMBLE_BYTES; i < dataOffset; i++) json += String.fromCharCode(bytes[i] as number);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new VolumeFormatError('the volume header is not valid JSON');
  }
  return { header: validateVolumeHeader(parsed), dataOffset };
}

/** Where each compressed slice lies in the file: [start, end) byte offsets. */
export function sliceByteRanges(header: VolumeHeader, dataOffset: number): Array<{ start: number; end: number }> {
  let start = dataOffset;
  return header.sliceByteLengths.map((length) => {
    const range = { start, end: start + length };
    start += length;
    return range;
  });
}

/** Throws VolumeFormatError unless `value` is a complete, consistent header of a version we read. */
export function validateVolumeHeader(value: unknown): VolumeHeader {
  const h = value as Partial<VolumeHeader> | null;
  const fail = (what: string): never => {
    throw new VolumeFormatError(`invalid volume header: ${what}`);
  };
  if (typeof h !== 'object' || h === null) return fail('not an object');
  if (!VOLUME_FORMAT_VERSIONS.includes(h.version as VolumeHeader['version'])) {
    fail(`unsupported version ${String(h.version)}`);
  }
  const isNumbers = (x: unknown, n: number) =>
    Array.isArray(x) && x.length === n && x.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!isNumbers(h.dimensions, 3) || !h.dimensions?.every((d) => Number.isInteger(d) && d > 0)) fail('dimensions');
  if (!isNumbers(h.spacing, 3) || !h.spacing?.every((s) => s > 0)) fail('spacing');
  if (!isNumbers(h.origin, 3)) fail('origin');
  if (!isNumbers(h.direction, 9)) fail('direction');
  if (h.dataType !== 'int16') fail('dataType');
  if (h.compression !== 'deflate-raw') fail('compression');
  if (!isNumbers([h.levels?.windowCenter, h.levels?.windowWidth], 2)) fail('levels');
  if (h.interpolationType !== 0 && h.interpolationType !== 1) fail('interpolationType');
  const lengths = h.sliceByteLengths;
  if (!Array.isArray(lengths) || lengths.length !== h.dimensions?.[2]) fail('sliceByteLengths must list every slice');
  if (!lengths?.every((n) => Number.isInteger(n) && n > 0)) fail('sliceByteLengths');
  if (h.frameOfReferenceUid !== undefined && typeof h.frameOfReferenceUid !== 'string') fail('frameOfReferenceUid');
  if (h.interpolatedSlices !== undefined && !isSliceList(h.interpolatedSlices, h.dimensions?.[2] ?? 0)) {
    fail('interpolatedSlices must list slice indices in ascending order');
  }
  return h as VolumeHeader;
}

function isSliceList(value: unknown, slices: number): boolean {
  if (!Array.isArray(value)) return false;
  return value.every(
    (k, i) => Number.isInteger(k) && k >= 0 && k < slices && (i === 0 || k > (value[i - 1] as number)),
  );
}

/** Whether volume slice `k` was interpolated rather than acquired (false for volumes that do not say). */
export function isInterpolatedSlice(header: Pick<VolumeHeader, 'interpolatedSlices'>, k: number): boolean {
  const list = header.interpolatedSlices;
  if (!list || list.length === 0) return false;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid] as number;
    if (at === k) return true;
    if (at < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** True where a slice's inflated bytes are byte planes (version 2) rather than little-endian pairs. */
export function storesBytePlanes(header: Pick<VolumeHeader, 'version'>): boolean {
  return header.version === 2;
}

/**
 * A slice's values as version 2 stores them: the low byte of every value, then every high byte. `out`,
 * when given, must hold 2 × slice.length bytes.
 */
export function splitBytePlanes(slice: Int16Array, out = new Uint8Array(slice.length * 2)): Uint8Array {
  const n = slice.length;
  if (out.length !== n * 2) throw new RangeError(`byte planes of ${n} values need ${n * 2} bytes, got ${out.length}`);
  for (let i = 0; i < n; i++) {
    const v = slice[i] as number;
    out[i] = v & 0xff;
    out[n + i] = (v >> 8) & 0xff;
  }
  return out;
}

/**
 * The inverse of `splitBytePlanes`: the planes' values as little-endian pairs (version 1's bytes) in
 * `out`, which may not be `planes` itself.
 */
export function joinBytePlanes(planes: Uint8Array, out = new Uint8Array(planes.length)): Uint8Array {
  const length = planes.length;
  if (length % 2 !== 0 || out.length !== length) {
    throw new RangeError(`cannot join ${length} bytes of planes into ${out.length}`);
  }
  const n = length / 2;
  if (LITTLE_ENDIAN && out.byteOffset % 2 === 0) {
    // One 16-bit store per value instead of two byte stores: this runs on the viewer's first image.
    const pairs = new Uint16Array(out.buffer, out.byteOffset, n);
    for (let i = 0; i < n; i++) pairs[i] = (planes[i] as number) | ((planes[n + i] as number) << 8);
    return out;
  }
  for (let i = 0, at = 0; i < n; i++, at += 2) {
    out[at] = planes[i] as number;
    out[at + 1] = planes[n + i] as number;
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** JSON with every non-ASCII character escaped, so one character is one byte. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
