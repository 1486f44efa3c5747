/**
 * A de-identified Part-10 copy of a parsed instance, written element by element from the source bytes:
 * kept values are byte copies (pixel data included, never decoded), so geometry and acquisition
 * parameters stay bit-identical and a 512×512 slice takes well under a millisecond. `profileAction`
 * decides each element at every depth: PS3.15's whole Table E.1-1 (remove, empty, dummy, remap UIDs),
 * then the safe list; anything else is removed. Every instance UID kept is remapped.
 * Output: explicit VR little endian, or the source's compressed transfer syntax kept as is.
 */
import type { DataSet, Element } from 'dicom-parser';
import { text } from './data-set-values.ts';
import { concatBytes, DataSetWriter, encodeText, LONG_VRS, UNDEFINED_LENGTH } from './data-set-writer.ts';
import { CLASS_UID_TAGS, dummyValue, type ProfileAction, profileAction, WELL_KNOWN_UID_ROOT } from './deid-profile.ts';
import { encodeFileMeta, TS } from './file-meta.ts';
import type { DicomSource } from './read-instance.ts';
import { isEncapsulated } from './transfer-syntaxes.ts';
import { dictionaryVr } from './vr-dictionary.ts';

export { createUidMapper } from './uid-mapper.ts';

export interface Pseudonymisation {
  /** Replaces PatientName and PatientID (the case identifier). */
  pseudonym: string;
  mapUid(uid: string): string;
}

export const DEIDENTIFICATION_METHOD = 'DICOM PS3.15 Basic Application Level Confidentiality Profile';

const VALID_VRS = new Set(
  'AE AS AT CS DA DS DT FD FL IS LO LT OB OD OF OL OV OW PN SH SL SQ SS ST SV TM UC UI UL UN UR US UT UV'.split(' '),
);

const latin1 = new TextDecoder('latin1');

/** Bytes per swapped unit when a big-endian value is rewritten little endian. */
const SWAP_SIZE: Record<string, number> = {
  US: 2,
  SS: 2,
  OW: 2,
  AT: 2,
  UL: 4,
  SL: 4,
  FL: 4,
  OF: 4,
  OL: 4,
  FD: 8,
  OD: 8,
  SV: 8,
  UV: 8,
  OV: 8,
};

interface Context {
  bytes: Uint8Array;
  bigEndian: boolean;
  pixelRepresentation: number;
  bitsAllocated: number;
  p: Pseudonymisation;
}

type Entry = [tag: number, write: (w: DataSetWriter) => void];

export function deidentify(source: DicomSource, p: Pseudonymisation): Uint8Array {
  return concatBytes(deidentifiedParts(source, p));
}

/**
 * The de-identified file as consecutive chunks, not joined: the pixel data stays a view of the source, so
 * a writer that takes chunks saves copying each slice once more.
 */
export function deidentifiedParts(source: DicomSource, p: Pseudonymisation): Uint8Array[] {
  const ds = source.dataSet;
  const ctx: Context = {
    bytes: source.bytes,
    bigEndian: source.transferSyntaxUid === TS.explicitBig,
    pixelRepresentation: source.instance.pixelRepresentation,
    bitsAllocated: source.instance.bitsAllocated,
    p,
  };
  const body = new DataSetWriter(true);
  writeDataSet(body, ds, ctx, deidentificationRecord());
  const sopInstanceUid = text(ds, 'x00080018') ?? text(ds, 'x00020003') ?? source.instance.sopInstanceUid;
  const meta = encodeFileMeta({
    sopClassUid: text(ds, 'x00080016') ?? text(ds, 'x00020002') ?? source.instance.sopClassUid,
    sopInstanceUid: mapUids(sopInstanceUid, p),
    transferSyntaxUid: isEncapsulated(source.transferSyntaxUid) ? source.transferSyntaxUid : TS.explicitLittle,
  });
  return [meta, ...body.parts()];
}

/** The attributes that record what was done (PS3.15 §E.1.1 and the Longitudinal Temporal flag). */
function deidentificationRecord(): Entry[] {
  return [
    [0x00120062, (w) => w.text(0x00120062, 'CS', 'YES')],
    [0x00120063, (w) => w.text(0x00120063, 'LO', DEIDENTIFICATION_METHOD)],
    [
      0x00120064,
      (w) => {
        w.header(0x00120064, 'SQ', UNDEFINED_LENGTH);
        w.delimiter(0xfffee000, UNDEFINED_LENGTH);
        w.text(0x00080100, 'SH', '113100');
        w.text(0x00080102, 'SH', 'DCM');
        w.text(0x00080104, 'LO', 'Basic Application Confidentiality Profile');
        w.delimiter(0xfffee00d, 0);
        w.delimiter(0xfffee0dd, 0);
      },
    ],
    [0x00280303, (w) => w.text(0x00280303, 'CS', 'REMOVED')],
  ];
}

/**
 * Writes the kept elements of `ds` in tag order. `dummied`: the data set is an item of a sequence the
 * profile replaces by a dummy (D), so every element in it is a dummy too: its structure survives (the
 * IOD may need it) and nothing of its content, codes included (a Person Identification Code Sequence's
 * code value is a person's identifier).
 */
function writeDataSet(w: DataSetWriter, ds: DataSet, ctx: Context, additions: Entry[], dummied = false): void {
  const replaced = new Set(additions.map(([tag]) => tag));
  const entries: Entry[] = [...additions];
  for (const key of Object.keys(ds.elements)) {
    const tag = Number.parseInt(key.slice(1), 16);
    if (tag >>> 16 === 0x0002 || replaced.has(tag) || tag >>> 16 === 0xfffe) continue;
    const element = ds.elements[key]!;
    let action = profileAction(tag);
    if (dummied && action !== 'X') action = 'D';
    if (action === 'X') continue;
    entries.push([tag, (out) => writeElement(out, tag, key, element, action, ctx)]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  for (const [, write] of entries) write(w);
}

function resolveVr(key: string, element: Element, ctx: Context): string | undefined {
  if (element.items) return 'SQ';
  let vr = element.vr;
  if (!vr || vr === 'UN') vr = dictionaryVr(key) ?? vr ?? 'UN';
  if (vr === 'xs') return ctx.pixelRepresentation === 1 ? 'SS' : 'US';
  if (vr === 'ox') return key === 'x7fe00010' && ctx.bitsAllocated <= 8 ? 'OB' : 'OW';
  if (vr === 'lt') return 'OW';
  // A sequence dicom-parser could not open (UN of defined length): its contents cannot be vetted.
  if (vr === 'SQ') return undefined;
  return VALID_VRS.has(vr) ? vr : 'UN';
}

function writeElement(
  w: DataSetWriter,
  tag: number,
  key: string,
  element: Element,
  action: ProfileAction,
  ctx: Context,
): void {
  if (element.items) {
    // K and U (X/Z/U* where the IOD needs the sequence) keep the items, vetted by the same rules; D keeps
    // their structure with every value a dummy.
    w.header(tag, 'SQ', UNDEFINED_LENGTH);
    if (action !== 'Z') {
      for (const item of element.items) {
        w.delimiter(0xfffee000, UNDEFINED_LENGTH);
        if (item.dataSet) writeDataSet(w, item.dataSet, ctx, [], action === 'D');
        w.delimiter(0xfffee00d, 0);
      }
    }
    w.delimiter(0xfffee0dd, 0);
    return;
  }
  if (element.encapsulatedPixelData) {
    if (action === 'K') writeEncapsulated(w, tag, element, ctx.bytes);
    return;
  }
  // Undefined length outside sequences and pixel data: content we could not parse, so cannot vet.
  if (element.hadUndefinedLength) return;
  const vr = resolveVr(key, element, ctx);
  if (!vr) return;
  // U names a UID attribute; any other VR under it cannot be remapped, so it goes.
  if (action === 'U' && vr !== 'UI') return;
  const value = keptValue(tag, vr, element, action, ctx);
  // Only a value read from an implicit-VR file can outgrow its VR's 16-bit length field.
  w.element(tag, value.length > 0xffff && !LONG_VRS.has(vr) ? 'UN' : vr, value);
}

function keptValue(tag: number, vr: string, element: Element, action: ProfileAction, ctx: Context): Uint8Array {
  if (action === 'Z') return new Uint8Array(0);
  if (action === 'pseudonym') return encodeText(vr, ctx.p.pseudonym);
  const raw = ctx.bytes.subarray(element.dataOffset, element.dataOffset + element.length);
  if (action === 'D') {
    if (element.length === 0) return raw;
    if (vr === 'UI') return encodeText('UI', mapUids(latin1.decode(raw), ctx.p));
    const dummy = dummyValue(tag, vr);
    return typeof dummy === 'string' ? encodeText(vr, dummy) : dummy;
  }
  // U, and K for any UI not naming a class: kept UIDs are remapped whatever the row says.
  if (vr === 'UI' && !CLASS_UID_TAGS.has(tag)) {
    return encodeText('UI', mapUids(latin1.decode(raw), ctx.p));
  }
  const value = ctx.bigEndian ? swapToLittleEndian(raw, SWAP_SIZE[vr] ?? 1) : raw;
  return value.length % 2 === 1 ? padToEven(value, vr) : value;
}

/** Re-encapsulates item by item (offset table, fragments, delimiter), copying each fragment's bytes. */
function writeEncapsulated(w: DataSetWriter, tag: number, element: Element, bytes: Uint8Array): void {
  w.header(tag, 'OB', UNDEFINED_LENGTH);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tableLength = view.getUint32(element.dataOffset + 4, true);
  w.delimiter(0xfffee000, tableLength);
  w.raw(bytes.subarray(element.dataOffset + 8, element.dataOffset + 8 + tableLength));
  for (const fragment of element.fragments ?? []) {
    w.delimiter(0xfffee000, fragment.length);
    w.raw(bytes.subarray(fragment.position, fragment.position + fragment.length));
  }
  w.delimiter(0xfffee0dd, 0);
}

function mapUids(value: string, p: Pseudonymisation): string {
  return value
    .replace(/[\0\s]+$/, '')
    .split('\\')
    .map((uid) => {
      const trimmed = uid.trim();
      return trimmed === '' || trimmed.startsWith(WELL_KNOWN_UID_ROOT) ? trimmed : p.mapUid(trimmed);
    })
    .join('\\');
}

function swapToLittleEndian(raw: Uint8Array, size: number): Uint8Array {
  if (size === 1) return raw;
  const out = new Uint8Array(raw.length);
  const whole = raw.length - (raw.length % size);
  for (let i = 0; i < whole; i += size) {
    for (let k = 0; k < size; k++) out[i + k] = raw[i + size - 1 - k]!;
  }
  out.set(raw.subarray(whole), whole);
  return out;
}

function padToEven(value: Uint8Array, vr: string): Uint8Array {
  const out = new Uint8Array(value.length + 1);
  out.set(value);
  out[value.length] = vr === 'UI' || vr === 'OB' || vr === 'UN' ? 0 : 0x20;
  return out;
}
