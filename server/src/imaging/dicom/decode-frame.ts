/**
 * One frame → Hounsfield units. Decoding gives the stored samples (8- or 16-bit containers of a
 * BitsStored-bit value); the HU step masks and sign-extends them per BitsStored/PixelRepresentation,
 * maps padding to air, applies the rescale and clamps to int16.
 */
import { inflateRawSync } from 'node:zlib';
import { Decoder as LosslessJpegDecoder } from 'jpeg-lossless-decoder-js';
import type { ParsedInstance } from '../types.ts';
import { encapsulatedFrame } from './encapsulated-frame.ts';
import { TS } from './file-meta.ts';
import { decodeJpegDct, jpegPrecision } from './jpeg-dct.ts';
import type { DicomSource } from './read-instance.ts';
import { decodeRle } from './rle.ts';
import { pixelCodec } from './transfer-syntaxes.ts';
import { decodeWithWasm, type WasmCodecName } from './wasm-codecs.ts';

export class DecodeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DecodeError';
  }
}

/** HU given to padding pixels (outside the reconstruction circle): air. */
export const PADDING_HU = -1024;

type Samples = Uint8Array | Uint16Array;

export interface StoredFrame {
  samples: Samples;
  /**
   * Whether the samples are two's complement. PixelRepresentation says so, except that some JPEG 2000
   * writers (Toshiba) mark the codestream signed while PixelRepresentation says 0: the codestream is right
   * (unsigned reading puts air at +65000).
   */
  signed: boolean;
}

/**
 * The frame in Hounsfield units, in `into` when given (rows × columns values: a caller decoding slice
 * after slice reuses one array instead of having a fresh 512 KB one mapped in for each).
 */
export async function decodeFrameHU(source: DicomSource, frameIndex: number, into?: Int16Array): Promise<Int16Array> {
  const instance = source.instance;
  if (!Number.isInteger(frameIndex) || frameIndex < 0 || frameIndex >= instance.numberOfFrames) {
    throw new DecodeError(`Frame ${frameIndex} does not exist (${instance.numberOfFrames} frames)`);
  }
  let frame: StoredFrame;
  try {
    frame = await decodeStoredFrame(source, frameIndex);
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DecodeError(`Frame ${frameIndex + 1} of ${instance.transferSyntaxUid} could not be decoded: ${message}`);
  }
  const pixelCount = instance.rows * instance.columns;
  if (frame.samples.length < pixelCount) {
    throw new DecodeError(`Frame ${frameIndex + 1} decoded to ${frame.samples.length} samples, expected ${pixelCount}`);
  }
  return toHounsfield(frame, instance, into);
}

/** The stored samples of one frame, before any rescale. Exported for tests of non-CT transfer-syntax files. */
export async function decodeStoredFrame(source: DicomSource, frameIndex: number): Promise<StoredFrame> {
  const signed = source.instance.pixelRepresentation === 1;
  if (pixelCodec(source.transferSyntaxUid) === 'jpeg-2000' || pixelCodec(source.transferSyntaxUid) === 'htj2k') {
    const frame = encapsulatedFrame(
      source.dataSet,
      source.pixelData,
      frameIndex,
      source.instance.numberOfFrames,
      false,
    );
    const { samples, codestreamSigned } = await wasmSamples(
      pixelCodec(source.transferSyntaxUid) as WasmCodecName,
      frame,
      source.instance,
    );
    return { samples, signed: signed || codestreamSigned };
  }
  return { samples: await decodeStoredSamples(source, frameIndex), signed };
}

async function decodeStoredSamples(source: DicomSource, frameIndex: number): Promise<Samples> {
  const { instance, transferSyntaxUid } = source;
  const codec = pixelCodec(transferSyntaxUid);
  const pixelCount = instance.rows * instance.columns;
  const bytesPerSample = instance.bitsAllocated > 8 ? 2 : 1;
  if (codec === 'native') return nativeSamples(source, frameIndex, pixelCount, bytesPerSample);
  if (!codec) throw new DecodeError(`Transfer syntax ${transferSyntaxUid} is not supported`);
  const isJpeg = codec.startsWith('jpeg');
  const frame = encapsulatedFrame(source.dataSet, source.pixelData, frameIndex, instance.numberOfFrames, isJpeg);
  switch (codec) {
    case 'rle':
      return asSamples(decodeRle(frame, pixelCount, bytesPerSample), bytesPerSample);
    case 'deflated-frame':
      return asSamples(new Uint8Array(inflateRawSync(frame)), bytesPerSample);
    case 'jpeg-lossless': {
      const decoded = new LosslessJpegDecoder().decode(copyToArrayBuffer(frame), 0, frame.length, bytesPerSample);
      return decoded;
    }
    case 'jpeg-baseline':
    case 'jpeg-extended':
      if (jpegPrecision(frame) <= 8) return (await wasmSamples('jpeg-8bit', frame, instance)).samples;
      return decodeJpegDct(frame);
    case 'jpeg-ls':
    case 'jpeg-2000':
    case 'htj2k':
      return (await wasmSamples(codec, frame, instance)).samples;
  }
}

async function wasmSamples(
  name: WasmCodecName,
  frame: Uint8Array,
  instance: ParsedInstance,
): Promise<{ samples: Samples; codestreamSigned: boolean }> {
  const { info, bytes } = await decodeWithWasm(name, frame, { width: instance.columns, height: instance.rows });
  if (info.width !== instance.columns || info.height !== instance.rows || info.componentCount !== 1) {
    throw new DecodeError(
      `Codestream is ${info.width}×${info.height}×${info.componentCount}, header says ${instance.columns}×${instance.rows}×1`,
    );
  }
  return { samples: asSamples(bytes, info.bitsPerSample > 8 ? 2 : 1), codestreamSigned: info.isSigned === true };
}

function asSamples(bytes: Uint8Array, bytesPerSample: number): Samples {
  if (bytesPerSample === 1) return bytes;
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : bytes.slice();
  return new Uint16Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 2));
}

function copyToArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}

function nativeSamples(source: DicomSource, frameIndex: number, pixelCount: number, bytesPerSample: number): Samples {
  const frameBytes = pixelCount * bytesPerSample;
  const start = source.pixelData.dataOffset + frameIndex * frameBytes;
  if (start + frameBytes > source.bytes.length) throw new DecodeError(`Frame ${frameIndex + 1} runs past the file end`);
  const bytes = source.bytes.subarray(start, start + frameBytes);
  if (bytesPerSample === 1) return bytes;
  if (source.transferSyntaxUid === TS.explicitBig) {
    const out = new Uint16Array(pixelCount);
    for (let i = 0; i < pixelCount; i++) out[i] = (bytes[2 * i]! << 8) | bytes[2 * i + 1]!;
    return out;
  }
  return asSamples(bytes, 2);
}

/** Stored bit pattern → the value it stands for, per BitsStored and the frame's signedness. */
function storedValueReader(instance: ParsedInstance, signed: boolean): (raw: number) => number {
  const bits = Math.min(instance.bitsStored, 16);
  const mask = 2 ** bits - 1;
  const signBit = 2 ** (bits - 1);
  const range = 2 ** bits;
  return signed ? (raw) => ((raw & mask) >= signBit ? (raw & mask) - range : raw & mask) : (raw) => raw & mask;
}

/** Stored values that mean "no data": an empty range when the file declares no padding. */
function paddingRange(instance: ParsedInstance, read: (raw: number) => number): [number, number] {
  if (instance.pixelPaddingValue === undefined) return [1, 0];
  const value = read(instance.pixelPaddingValue);
  const limit = instance.pixelPaddingRangeLimit === undefined ? value : read(instance.pixelPaddingRangeLimit);
  return [Math.min(value, limit), Math.max(value, limit)];
}

/**
 * Masks to BitsStored, sign-extends, maps padding to air, rescales and clamps. A stored sample is an 8- or
 * 16-bit pattern, so the mapping is worked out once per pattern into a table and each pixel is one lookup:
 * the arithmetic per pixel cost about 2 ms a 512×512 slice on the ingest's main thread, the lookup a
 * fraction of that, with the same result.
 */
function toHounsfield({ samples, signed }: StoredFrame, instance: ParsedInstance, into?: Int16Array): Int16Array {
  const pixelCount = instance.rows * instance.columns;
  const table = hounsfieldTable(samples instanceof Uint8Array ? 0xff : 0xffff, signed, instance);
  const patterns = table.length - 1;
  if (into && into.length !== pixelCount) throw new RangeError(`${pixelCount} values do not fit ${into.length}`);
  const out = into ?? new Int16Array(pixelCount);
  for (let i = 0; i < pixelCount; i++) out[i] = table[samples[i]! & patterns]!;
  return out;
}

/**
 * The tables made last, keyed by everything that shapes them: a series shares one rescale and padding,
 * so an ingest builds one or two (65,536 entries cost about as much as a quarter of a 512×512 slice).
 */
const tables = new Map<string, Int16Array>();
const MAX_TABLES = 8;

function hounsfieldTable(patterns: number, signed: boolean, instance: ParsedInstance): Int16Array {
  const bits = Math.min(instance.bitsStored, 16);
  const slope = instance.rescaleSlope || 1;
  const intercept = instance.rescaleIntercept;
  const [padLow, padHigh] = paddingRange(instance, storedValueReader(instance, signed));
  const key = `${patterns} ${bits} ${signed} ${slope} ${intercept} ${padLow} ${padHigh}`;
  const known = tables.get(key);
  if (known) return known;
  const mask = 2 ** bits - 1;
  const signBit = signed ? 2 ** (bits - 1) : 2 ** bits;
  const range = 2 ** bits;
  const exact = slope === 1 && Number.isInteger(intercept);
  const table = new Int16Array(patterns + 1);
  for (let raw = 0; raw <= patterns; raw++) {
    let v = raw & mask;
    if (v >= signBit) v -= range;
    if (v >= padLow && v <= padHigh) {
      table[raw] = PADDING_HU;
      continue;
    }
    const hu = exact ? v + intercept : Math.round(v * slope + intercept);
    table[raw] = hu > 32767 ? 32767 : hu < -32768 ? -32768 : hu;
  }
  if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value as string);
  tables.set(key, table);
  return table;
}
