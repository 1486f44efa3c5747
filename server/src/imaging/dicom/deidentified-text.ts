/**
 * Text from an upload's DICOM files that people are shown (the series list, the job's log and per-file
 * report) is the text the de-identified files hold, never the original. Rather than repeat the profile's
 * decisions here, the de-identifier itself runs on a small data set that holds the one attribute (beside
 * the SOP class and modality that name the IOD), and its output is read back: '' when the profile removes or empties the attribute, its dummy when it
 * replaces it, the value when it keeps it.
 */
import type { Element } from 'dicom-parser';
import type { ParsedInstance } from '../types.ts';
import { text } from './data-set-values.ts';
import { concatBytes, DataSetWriter, encodeText } from './data-set-writer.ts';
import { deidentify, type Pseudonymisation } from './deidentify.ts';
import { encodeFileMeta, TS } from './file-meta.ts';
import { parseBytes } from './parse-bytes.ts';
import type { DicomSource } from './read-instance.ts';
import { dictionaryVr } from './vr-dictionary.ts';

export const SERIES_DESCRIPTION = 0x0008103e;

/**
 * For descriptive text only: an attribute the profile replaces by the pseudonym, or a UID, would come
 * back empty or unmapped here; those are shown through their own mapping (the case identifier, the
 * pseudonymised UIDs).
 */
const DESCRIPTIVE_TEXT: Pseudonymisation = { pseudonym: '', mapUid: (uid) => uid };

const SOP_CLASS_UID = 0x00080016;
const MODALITY = 0x00080060;
const PIXEL_DATA = 0x7fe00010;

/**
 * The value the de-identified copy of `instance` holds for the text attribute `tag` whose original value
 * is `value` (as read from the file: one character per byte).
 */
export function deidentifiedText(instance: ParsedInstance, tag: number, value: string): string {
  const key = `x${tag.toString(16).padStart(8, '0')}`;
  const vr = dictionaryVr(key) ?? 'LO';
  // The attribute in elements order, with what names the IOD (a profile may act by it) and empty pixels.
  const elements = new Map<number, [string, Uint8Array]>([
    [SOP_CLASS_UID, ['UI', encodeText('UI', instance.sopClassUid)]],
    [MODALITY, ['CS', encodeText('CS', instance.modality)]],
    [PIXEL_DATA, ['OW', new Uint8Array(0)]],
  ]);
  elements.set(tag, [vr, bytesOf(value)]);
  const body = new DataSetWriter(true);
  for (const [t, [v, bytes]] of [...elements].sort((a, b) => a[0] - b[0])) body.element(t, v, bytes);
  const meta = encodeFileMeta({
    sopClassUid: instance.sopClassUid,
    sopInstanceUid: instance.sopInstanceUid,
    transferSyntaxUid: TS.explicitLittle,
  });
  const alone = readBack(concatBytes([meta, ...body.parts()]));
  const source: DicomSource = {
    bytes: alone.bytes,
    dataSet: alone.dataSet,
    transferSyntaxUid: TS.explicitLittle,
    pixelData: alone.dataSet.elements.x7fe00010 as Element,
    instance: { ...instance, transferSyntaxUid: TS.explicitLittle },
  };
  return text(readBack(deidentify(source, DESCRIPTIVE_TEXT)).dataSet, key) ?? '';
}

function readBack(bytes: Uint8Array) {
  const parsed = parseBytes(bytes);
  // Both data sets are written here: failing to read one back is a bug, not bad input.
  if (!parsed.ok) throw new Error(`de-identified text: ${parsed.setAside.reason}`);
  return parsed.parsed;
}

/** The value's own bytes (dicom-parser read one character per byte), padded to even length with a space. */
function bytesOf(value: string): Uint8Array {
  const raw = Buffer.from(value, 'latin1');
  if (raw.length % 2 === 0) return raw;
  return Buffer.concat([raw, Buffer.from(' ')]);
}
