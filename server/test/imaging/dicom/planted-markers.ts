/**
 * Canary DICOM for the de-identification tests: a phantom CT slice with a unique marker written into every
 * attribute PS3.15 Table E.1-1 names, at the top level and again two sequences down (inside kept,
 * safe-listed sequences, so that only the recursion can remove them). A marker found in an output byte
 * is a leak, and its number says which row leaked.
 */
import { DataSetWriter, encodeText } from '../../../src/imaging/dicom/data-set-writer.ts';
import { DEID_PROFILE_ROWS } from '../../../src/imaging/dicom/deid-profile-table.ts';
import { dictionaryVr } from '../../../src/imaging/dicom/vr-dictionary.ts';
import {
  type PhantomElement,
  type PhantomSliceOptions,
  writePhantomSlice,
} from '../../../src/imaging/testing/phantom.ts';

/** Every text marker matches this; UIDs planted start with MARKER_UID_ROOT. */
export const MARKER_PATTERN = /MK\d+Z/g;
export const MARKER_UID_ROOT = '1.99.4242.';

/** Carriers of the nested copy: both on the safe list, so their items are kept and vetted. */
export const OUTER_CARRIER = 0x00082218; // Anatomic Region Sequence
export const INNER_CARRIER = 0x00082220; // Anatomic Region Modifier Sequence

export interface PlantedRow {
  tag: number;
  keyword: string;
  code: string;
}

/**
 * The rows a data set can carry: all but the command group (0000) and the file meta group (0002), which
 * the writer regenerates (its meta is tested apart). Masked rows take one instance: (60xx,4000) → (6022,4000).
 */
export const WRITABLE_ROWS: PlantedRow[] = DEID_PROFILE_ROWS.filter(([id]) => !/^000[02]/.test(id)).map(
  ([id, code, , keyword]) => ({ tag: Number.parseInt(id.replace(/x/g, '2'), 16), keyword, code }),
);

const PRIVATE_CREATOR = 0x00090010;
const PRIVATE_ELEMENT = 0x00091001;

function plantedVr(tag: number): string {
  const vr = dictionaryVr(`x${tag.toString(16).padStart(8, '0')}`);
  if (vr === 'xs') return 'US';
  if (vr === 'ox' || vr === 'lt') return 'OW';
  return vr && /^[A-Z]{2}$/.test(vr) ? vr : 'UN';
}

function items(explicitVr: boolean, bodies: PhantomElement[][]): Uint8Array {
  const w = new DataSetWriter(explicitVr);
  for (const body of bodies) {
    w.delimiter(0xfffee000, 0xffffffff);
    writeElements(w, body);
    w.delimiter(0xfffee00d, 0);
  }
  return w.toBytes();
}

function writeElements(w: DataSetWriter, elements: PhantomElement[]): void {
  for (const [tag, vr, value] of [...elements].sort((a, b) => a[0] - b[0])) {
    if (vr !== 'SQ') w.element(tag, vr, value);
    else {
      w.header(tag, vr, 0xffffffff);
      w.raw(value);
      w.delimiter(0xfffee0dd, 0);
    }
  }
}

/** One element per writable row (and a private one), each holding its own marker. */
function plantedElements(explicitVr: boolean, next: () => number, markers: Map<string, string>): PhantomElement[] {
  const out: PhantomElement[] = [];
  const marker = (label: string) => {
    const text = `MK${next()}Z`;
    markers.set(text, label);
    return text;
  };
  for (const row of WRITABLE_ROWS) {
    const vr = plantedVr(row.tag);
    const label = `${row.keyword} (${row.code})`;
    if (vr === 'SQ') {
      const code = marker(label);
      const item: PhantomElement[] = [
        [0x00080100, 'SH', encodeText('SH', code)],
        [0x00080104, 'LO', encodeText('LO', code)],
      ];
      out.push([row.tag, 'SQ', items(explicitVr, [item])]);
    } else if (vr === 'UI') {
      const uid = `${MARKER_UID_ROOT}${next()}`;
      markers.set(uid, label);
      out.push([row.tag, 'UI', encodeText('UI', uid)]);
    } else {
      // Binary VRs get the marker's bytes, padded to a whole number of 8-byte values.
      const text = marker(label);
      const padded = /^(AE|AS|CS|DA|DS|DT|IS|LO|LT|PN|SH|ST|TM|UC|UR|UT)$/.test(vr) ? text : text.padEnd(16, '_');
      out.push([row.tag, vr, encodeText(vr, padded)]);
    }
  }
  out.push([PRIVATE_CREATOR, 'LO', encodeText('LO', 'CANARY PRIVATE')]);
  out.push([PRIVATE_ELEMENT, 'LO', encodeText('LO', marker('private element'))]);
  return out;
}

export interface CanarySlice {
  bytes: Uint8Array;
  /** Marker → the row it was planted in ("top: PatientName (Z)", "nested: …"). */
  markers: Map<string, string>;
}

/** A canary CT slice: every row planted at the top level and inside two kept sequences. */
export function writeCanarySlice(
  transferSyntax: 'implicit' | 'explicit',
  slice: Partial<PhantomSliceOptions> = {},
  /** Elements added at the top level and in the nested item alike, in place of a planted row's. */
  extra: PhantomElement[] = [],
): CanarySlice {
  const explicitVr = transferSyntax === 'explicit';
  let counter = 1;
  const next = () => counter++;
  const top = new Map<string, string>();
  const nested = new Map<string, string>();
  const replaced = new Set(extra.map(([tag]) => tag));
  const topElements = plantedElements(explicitVr, next, top).filter(([tag]) => !replaced.has(tag));
  const nestedElements = plantedElements(explicitVr, next, nested).filter(([tag]) => !replaced.has(tag));
  const code: PhantomElement[] = [
    [0x00080100, 'SH', encodeText('SH', 'T-D4000')],
    [0x00080102, 'SH', encodeText('SH', 'SRT')],
    [0x00080104, 'LO', encodeText('LO', 'Abdomen')],
  ];
  const inner = items(explicitVr, [[...code, ...nestedElements, ...extra]]);
  const outer = items(explicitVr, [[...code, [INNER_CARRIER, 'SQ', inner]]]);
  const own = new Map<string, string>();
  const uid = (n: number) => {
    own.set(`${MARKER_UID_ROOT}${n}`, "the phantom's own UIDs (file meta)");
    return `${MARKER_UID_ROOT}${n}`;
  };
  const bytes = writePhantomSlice({
    rows: 16,
    columns: 16,
    pixelSpacing: [0.7, 0.7],
    position: [-5.6, -5.6, 12.5],
    orientation: [1, 0, 0, 0, 1, 0],
    studyInstanceUid: uid(next()),
    seriesInstanceUid: uid(next()),
    frameOfReferenceUid: uid(next()),
    sopInstanceUid: uid(next()),
    transferSyntax,
    ...slice,
    extraElements: [...topElements, [OUTER_CARRIER, 'SQ', outer], ...extra],
  });
  const markers = new Map<string, string>(own);
  for (const [m, label] of top) markers.set(m, `top: ${label}`);
  for (const [m, label] of nested) markers.set(m, `nested: ${label}`);
  return { bytes, markers };
}

/** The planted markers found in `bytes`, each with the row it came from. */
export function leakedMarkers(bytes: Uint8Array, markers: Map<string, string>): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const found = new Set<string>();
  for (const m of text.match(MARKER_PATTERN) ?? []) found.add(`${m} ← ${markers.get(m) ?? 'unknown row'}`);
  let at = text.indexOf(MARKER_UID_ROOT);
  while (at !== -1) {
    const uid = /^[0-9.]+/.exec(text.slice(at))?.[0] ?? MARKER_UID_ROOT;
    found.add(`${uid} ← ${markers.get(uid) ?? 'a planted UID'}`);
    at = text.indexOf(MARKER_UID_ROOT, at + 1);
  }
  return [...found];
}
