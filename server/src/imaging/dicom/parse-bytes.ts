/**
 * Bytes → dicom-parser DataSet, whatever the packaging: Part-10 with preamble, 'DICM' without preamble,
 * a bare data set without file meta (explicit or implicit VR little endian, sniffed), deflated and big endian
 * data sets. Failures come back as a set-aside code, never as a throw.
 */
import { inflateRawSync } from 'node:zlib';
import dicomParser, { type DataSet } from 'dicom-parser';
import type { SetAside } from '../types.ts';
import { TS } from './file-meta.ts';
import { implicitVrCallback } from './vr-dictionary.ts';

export interface ParsedBytes {
  /** The bytes the data set's offsets refer to (preamble added, deflate inflated: not always the input). */
  bytes: Uint8Array;
  dataSet: DataSet;
  transferSyntaxUid: string;
  /** True when the file had a Part-10 file meta group. */
  hasFileMeta: boolean;
}

export type ParseOutcome = { ok: true; parsed: ParsedBytes } | { ok: false; setAside: SetAside };

const DICM = [0x44, 0x49, 0x43, 0x4d];

function hasMagicAt(bytes: Uint8Array, offset: number): boolean {
  return bytes.length >= offset + 4 && DICM.every((b, i) => bytes[offset + i] === b);
}

function isUpperVr(bytes: Uint8Array, offset: number): boolean {
  const a = bytes[offset] ?? 0;
  const b = bytes[offset + 1] ?? 0;
  return a >= 0x41 && a <= 0x5a && b >= 0x41 && b <= 0x5a;
}

/**
 * A data set without file meta starts with a low group (0002…0010, little endian) in practice; anything
 * else (zip, PDF, text) is not DICOM. Returns the TS to parse it with.
 */
function sniffBareDataSet(bytes: Uint8Array): string | undefined {
  if (bytes.length < 8) return undefined;
  const group = bytes[0]! | (bytes[1]! << 8);
  if (group < 0x0002 || group > 0x0010 || group % 2 !== 0) return undefined;
  return isUpperVr(bytes, 4) ? TS.explicitLittle : TS.implicitLittle;
}

function withPreamble(bytes: Uint8Array, addMagic: boolean): Uint8Array {
  const out = new Uint8Array(bytes.length + 128 + (addMagic ? 4 : 0));
  out.set(DICM, 128);
  out.set(bytes, addMagic ? 132 : 128);
  return out;
}

function inflater(bytes: Uint8Array, position: number): Uint8Array {
  const inflated = inflateRawSync(bytes.subarray(position));
  const full = new Uint8Array(position + inflated.length);
  full.set(bytes.subarray(0, position));
  full.set(inflated, position);
  return full;
}

function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'exception' in error) return describe(error.exception);
  return String(error);
}

/** dicom-parser reports reading past the end in a few wordings; those mean the file was cut short. */
function isTruncation(message: string): boolean {
  return /overrun|maxPosition|eof|end of|beyond|past the end|outside|exceeds|not enough|Offset is outside|out of range/i.test(
    message,
  );
}

/**
 * dicom-parser does not check that the last implicit-VR element fits in the file: an element whose
 * declared value runs past the end means the file was cut.
 */
function overrunningElement(dataSet: DataSet, except?: string): string | undefined {
  const size = dataSet.byteArray.length;
  for (const [tag, element] of Object.entries(dataSet.elements)) {
    if (tag === except) continue;
    if (element.dataOffset !== undefined && element.dataOffset + element.length > size) return tag;
  }
  return undefined;
}

const PIXEL_DATA = 'x7fe00010';

export interface ParseOptions {
  /**
   * Stop at the pixel data element (kept, with its offset and declared length; its value and anything
   * after it not read): `input` may then be only the file's beginning.
   */
  untilPixelData?: boolean;
}

export function parseBytes(input: Uint8Array, options: ParseOptions = {}): ParseOutcome {
  let bytes = input;
  let bareTs: string | undefined;
  if (!hasMagicAt(bytes, 128)) {
    if (hasMagicAt(bytes, 0)) bytes = withPreamble(bytes, false);
    else if (bytes.length >= 2 && bytes[0] === 0x02 && bytes[1] === 0x00 && isUpperVr(bytes, 4))
      bytes = withPreamble(bytes, true);
    else {
      bareTs = sniffBareDataSet(bytes);
      if (!bareTs)
        return { ok: false, setAside: { code: 'not-dicom', reason: 'No DICOM preamble, magic or data set' } };
    }
  }
  try {
    const dataSet = dicomParser.parseDicom(bytes, {
      ...(bareTs ? { TransferSyntaxUID: bareTs } : {}),
      ...(options.untilPixelData ? { untilTag: PIXEL_DATA } : {}),
      inflater,
      vrCallback: implicitVrCallback,
    } as dicomParser.ParseDicomOptions);
    const end = overrunningElement(dataSet, options.untilPixelData ? PIXEL_DATA : undefined);
    if (end)
      return { ok: false, setAside: { code: 'truncated', reason: `Element ${end} runs past the end of the file` } };
    const transferSyntaxUid = bareTs ?? (dataSet.string('x00020010') ?? '').replace(/\0/g, '').trim();
    return {
      ok: true,
      parsed: { bytes: dataSet.byteArray as Uint8Array, dataSet, transferSyntaxUid, hasFileMeta: !bareTs },
    };
  } catch (error) {
    const message = describe(error);
    if (/missing required meta header attribute 0002,0010/.test(message)) {
      return { ok: false, setAside: { code: 'corrupt', reason: 'File meta has no TransferSyntaxUID' } };
    }
    if (isTruncation(message)) {
      return { ok: false, setAside: { code: 'truncated', reason: `Data set ends early: ${message}` } };
    }
    return { ok: false, setAside: { code: 'corrupt', reason: `Unreadable data set: ${message}` } };
  }
}
