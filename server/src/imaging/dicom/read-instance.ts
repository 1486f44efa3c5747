/**
 * One file's bytes → a usable CT image (ParsedInstance + the parsed source for decoding and
 * de-identification) or the reason it is set aside (classification-checks.ts, then geometry). Never throws.
 */
import type { DataSet, Element } from 'dicom-parser';
import type { ParsedInstance, SetAside } from '../types.ts';
import { type Candidate, firstProblem } from './classification-checks.ts';
import { text, textValues, uint16 } from './data-set-values.ts';
import { TS } from './file-meta.ts';
import { type ParsedBytes, parseBytes } from './parse-bytes.ts';
import type { PixelLayout } from './pixel-data-check.ts';
import { readInstanceFields } from './read-instance-fields.ts';
import { isEncapsulated } from './transfer-syntaxes.ts';

export interface DicomSource {
  /** The bytes `dataSet` offsets refer to (preamble added or deflate inflated where needed). */
  readonly bytes: Uint8Array;
  readonly dataSet: DataSet;
  readonly transferSyntaxUid: string;
  readonly pixelData: Element;
  readonly instance: ParsedInstance;
}

export type ReadResult =
  | { ok: true; instance: ParsedInstance; source: DicomSource }
  | { ok: false; setAside: SetAside };

const setAside = (code: SetAside['code'], reason: string): ReadResult => ({ ok: false, setAside: { code, reason } });

export function readPixelLayout(ds: DataSet): PixelLayout {
  return {
    rows: uint16(ds, 'x00280010') ?? 0,
    columns: uint16(ds, 'x00280011') ?? 0,
    numberOfFrames: Number(text(ds, 'x00280008') ?? '1'),
    samplesPerPixel: uint16(ds, 'x00280002') ?? 1,
    bitsAllocated: uint16(ds, 'x00280100') ?? 0,
  };
}

export function readInstance(bytes: Uint8Array): ReadResult {
  try {
    return classify(bytes);
  } catch (error) {
    return setAside('corrupt', `Unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The same verdict as `readInstance` from the file's first bytes only (`prefix`) and its whole length:
 * the header up to the pixel data element is parsed, and the pixel data is checked against the length
 * it declares. Answers 'whole-file' when the prefix cannot tell (header longer than the prefix, no pixel
 * data element in it, any parse failure) or when the verdict needs the pixel data's own bytes
 * (compressed fragments, a deflated data set): read the whole file then. The source it answers holds
 * the prefix only: for the header's values, not for decoding.
 */
export function readInstanceHeader(prefix: Uint8Array, fileLength: number): ReadResult | 'whole-file' {
  try {
    const parsed = parseBytes(prefix, { untilPixelData: true });
    if (!parsed.ok) return 'whole-file';
    const { transferSyntaxUid, dataSet } = parsed.parsed;
    if (!dataSet.elements.x7fe00010) return 'whole-file';
    if (isEncapsulated(transferSyntaxUid) || transferSyntaxUid === TS.deflatedExplicitLittle) return 'whole-file';
    // A preamble the parser added moves every offset: the file's length moves with them.
    return judge(parsed.parsed, fileLength + (parsed.parsed.bytes.length - prefix.length));
  } catch {
    return 'whole-file';
  }
}

function classify(bytes: Uint8Array): ReadResult {
  const parsed = parseBytes(bytes);
  if (!parsed.ok) return parsed;
  return judge(parsed.parsed, parsed.parsed.bytes.length);
}

function judge(parsed: ParsedBytes, fileLength: number): ReadResult {
  const { dataSet: ds, transferSyntaxUid } = parsed;
  const mediaStorageSopClassUid = text(ds, 'x00020002');
  const candidate: Candidate = {
    ds,
    transferSyntaxUid,
    fileLength,
    mediaStorageSopClassUid,
    sopClassUid: text(ds, 'x00080016') ?? mediaStorageSopClassUid ?? '',
    modality: text(ds, 'x00080060') ?? '',
    imageType: textValues(ds, 'x00080008').map((v) => v.toUpperCase()),
    photometric: text(ds, 'x00280004') ?? 'MONOCHROME2',
    layout: readPixelLayout(ds),
    pixelData: ds.elements.x7fe00010,
  };
  const problem = firstProblem(candidate);
  if (problem) return { ok: false, setAside: problem };
  const fields = readInstanceFields(ds, candidate);
  if (fields.geometryProblem) return setAside('unusable-geometry', fields.geometryProblem);
  const instance = fields.instance;
  const pixelData = candidate.pixelData!;
  return {
    ok: true,
    instance,
    source: { bytes: parsed.bytes, dataSet: ds, transferSyntaxUid, pixelData, instance },
  };
}
