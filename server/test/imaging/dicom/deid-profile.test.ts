import dcmjs from 'dcmjs';
import type { DataSet } from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import { decodeFrameHU } from '../../../src/imaging/dicom/decode-frame.ts';
import { profileAction } from '../../../src/imaging/dicom/deid-profile.ts';
import {
  DEID_PROFILE_ROWS,
  DEID_PROFILE_SOURCE,
  PRIVATE_ATTRIBUTES_ACTION,
} from '../../../src/imaging/dicom/deid-profile-table.ts';
import { SAFE_KEYWORDS, SAFE_TAGS } from '../../../src/imaging/dicom/deid-safe-list.ts';
import { createUidMapper, deidentify, type Pseudonymisation } from '../../../src/imaging/dicom/deidentify.ts';
import { parseBytes } from '../../../src/imaging/dicom/parse-bytes.ts';
import { type DicomSource, readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { INNER_CARRIER, leakedMarkers, OUTER_CARRIER, WRITABLE_ROWS, writeCanarySlice } from './planted-markers.ts';

const pseudonymisation = (): Pseudonymisation => ({ pseudonym: 'CM-0042', mapUid: createUidMapper('case-secret') });
const hex = (tag: number) => `x${tag.toString(16).padStart(8, '0')}`;

function open(bytes: Uint8Array): DicomSource {
  const read = readInstance(bytes);
  if (!read.ok) throw new Error(read.setAside.reason);
  return read.source;
}

function reparse(bytes: Uint8Array): DataSet {
  const parsed = parseBytes(bytes);
  if (!parsed.ok) throw new Error(parsed.setAside.reason);
  return parsed.parsed.dataSet;
}

function valueBytes(ds: DataSet, tag: string): Buffer | undefined {
  const el = ds.elements[tag];
  return el ? Buffer.from(ds.byteArray.subarray(el.dataOffset, el.dataOffset + el.length)) : undefined;
}

function nestedItem(ds: DataSet): DataSet | undefined {
  return ds.elements[hex(OUTER_CARRIER)]?.items?.[0]?.dataSet?.elements[hex(INNER_CARRIER)]?.items?.[0]?.dataSet;
}

/** Every UI value at any depth, as text. */
function uids(ds: DataSet, out: string[] = []): string[] {
  for (const [tag, el] of Object.entries(ds.elements)) {
    for (const item of el.items ?? []) if (item.dataSet) uids(item.dataSet, out);
    if (el.vr === 'UI' && el.length > 0) out.push(...(ds.string(tag) ?? '').split('\\').map((u) => `${tag}=${u}`));
  }
  return out;
}

describe('the generated Table E.1-1', () => {
  it('records its edition and sources and holds every row of the 2024e table', () => {
    expect(DEID_PROFILE_SOURCE.edition).toBe('2024e');
    expect(DEID_PROFILE_SOURCE.table).toMatch(/confidentiality_profile_attributes\.json at [0-9a-f]{40}/);
    expect(DEID_PROFILE_ROWS).toHaveLength(620); // + the private attributes' row
    expect(PRIVATE_ATTRIBUTES_ACTION).toBe('X');
    expect(new Set(DEID_PROFILE_ROWS.map(([id]) => id)).size).toBe(DEID_PROFILE_ROWS.length);
  });

  it.each([
    // [tag, code in the table, action chosen for a CT image]
    ['00080050', 'Z', 'Z'], // Accession Number
    ['00080080', 'X/Z/D', 'X'], // Institution Name: type 3 in CT
    ['00080023', 'Z/D', 'Z'], // Content Date: type 2C
    ['00102203', 'X/Z', 'Z'], // Patient's Sex Neutered: type 2C
    ['00081140', 'X/Z/U*', 'X'], // Referenced Image Sequence: type 3
    ['0020000d', 'U', 'U'], // Study Instance UID
    ['00080055', 'X', 'X'], // Station AE Title (leaked before the whole table)
    ['00080054', 'X', 'X'], // Retrieve AE Title
    ['00321066', 'X', 'X'], // Reason for Visit
    ['00321067', 'X', 'X'], // Reason for Visit Code Sequence
    ['00401002', 'X', 'X'], // Reason for the Requested Procedure
    ['00400009', 'X', 'X'], // Scheduled Procedure Step ID
    ['00189367', 'D', 'D'], // X-Ray Source ID
    ['00081000', 'X', 'X'], // Network ID (retired)
    ['00189937', 'X', 'X'], // Requested Series Description
    ['00400310', 'X', 'X'], // Comments on Radiation Dose
    ['00380014', 'X', 'X'], // Issuer of Admission ID Sequence
    ['00404035', 'X', 'X'], // Actual Human Performers Sequence
    ['00500020', 'X', 'X'], // Device Description
    ['04000600', 'X', 'X'], // Instance Origin Status
  ])('row %s: %s → %s', (tag, code, chosen) => {
    const row = DEID_PROFILE_ROWS.find(([id]) => id === tag);
    expect(row?.slice(1, 3)).toEqual([code, chosen]);
  });

  it('decides every tag: the table, this project’s overrides, masks, private, the safe list, else remove', () => {
    expect(profileAction(0x00100010)).toBe('pseudonym');
    expect(profileAction(0x00100020)).toBe('pseudonym');
    expect(profileAction(0x00180010)).toBe('D'); // Contrast/Bolus Agent: dummy "CONTRAST"
    expect(profileAction(0x60024000)).toBe('X'); // (60xx,4000) Overlay Comments
    expect(profileAction(0x501a0010)).toBe('X'); // (50xx,xxxx) Curve Data
    expect(profileAction(0x00091001)).toBe('X'); // private
    expect(profileAction(0x00280000)).toBe('X'); // group length
    expect(profileAction(0x00200032)).toBe('K'); // Image Position (Patient): safe list
    expect(profileAction(0x00281055)).toBe('X'); // Window Center & Width Explanation: neither
    expect(profileAction(0x0018fff0)).toBe('X'); // not in any edition: removed by default
  });

  it('has a safe list of real keywords that the table does not name (the table wins)', () => {
    const rows = new Set(DEID_PROFILE_ROWS.map(([id]) => Number.parseInt(id.replace(/x/g, '0'), 16)));
    const both = [...SAFE_TAGS].filter((tag) => rows.has(tag)).map((tag) => SAFE_KEYWORDS.get(tag));
    expect(both).toEqual([]);
    for (const [tag, keyword] of SAFE_KEYWORDS) {
      expect(dcmjs.data.DicomMetaDictionary.nameMap[keyword]?.tag.replace(/[(),]/g, '').toLowerCase()).toBe(
        tag.toString(16).padStart(8, '0'),
      );
    }
  });
});

describe.each(['explicit', 'implicit'] as const)('a canary slice in %s VR little endian', (transferSyntax) => {
  const canary = writeCanarySlice(transferSyntax);
  const source = open(canary.bytes);
  const output = deidentify(source, pseudonymisation());

  it('carries every writable row twice (top level and two sequences down)', () => {
    const inRows = (found: string[]) => found.filter((f) => / ← (top|nested): /.test(f));
    const rowMarkers = [...canary.markers.values()].filter((label) => /^(top|nested): /.test(label));
    expect(inRows(leakedMarkers(canary.bytes, canary.markers))).toHaveLength(rowMarkers.length);
    expect(WRITABLE_ROWS.length).toBeGreaterThan(600);
    const nested = nestedItem(source.dataSet)!;
    for (const row of WRITABLE_ROWS) {
      expect(source.dataSet.elements[hex(row.tag)], `top ${row.keyword}`).toBeDefined();
      expect(nested.elements[hex(row.tag)], `nested ${row.keyword}`).toBeDefined();
    }
  });

  it('leaves no planted marker in any output byte', () => {
    expect(leakedMarkers(output, canary.markers)).toEqual([]);
  });

  it('remaps every UID it keeps and keeps the carriers it recursed into', () => {
    const out = reparse(output);
    const kept = uids(out).filter(
      (u) => !/=(2\.25\.\d+|1\.2\.840\.10008\.[0-9.]+)$/.test(u) && !u.startsWith('x00020010='),
    );
    expect(kept).toEqual([]);
    expect(nestedItem(out)?.string('x00080104')).toBe('Abdomen');
    expect(out.string('x00100010')).toBe('CM-0042');
    expect(nestedItem(out)?.string('x00100010')).toBe('CM-0042');
    expect(out.string('x00180010')).toBe('CONTRAST');
    expect(out.string('x00120062')).toBe('YES');
  });

  it('writes a file both parsers read, the same CT with the same pixels', async () => {
    const again = open(output);
    expect(again.instance.frames).toEqual(source.instance.frames);
    expect(await decodeFrameHU(again, 0)).toEqual(await decodeFrameHU(source, 0));
    const copy = output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength) as ArrayBuffer;
    const natural = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(copy).dict);
    expect(natural.PatientIdentityRemoved).toBe('YES');
  });
});

describe('what the de-identifier keeps', () => {
  it('copies every safe-listed attribute byte for byte: geometry, pixels, rescale, window, physics', () => {
    const source = open(writeCanarySlice('explicit', { rescaleIntercept: -1000, windowCenter: 300 }).bytes);
    const out = reparse(deidentify(source, pseudonymisation()));
    const present = [...SAFE_TAGS].map(hex).filter((tag) => source.dataSet.elements[tag] && tag !== 'x00080016');
    expect(present).toEqual(
      expect.arrayContaining(['x00200032', 'x00200037', 'x00280030', 'x00281052', 'x00281053', 'x7fe00010']),
    );
    for (const tag of present) {
      if (source.dataSet.elements[tag]?.items) continue;
      expect(valueBytes(out, tag)?.equals(valueBytes(source.dataSet, tag)!), tag).toBe(true);
    }
    expect(out.string('x00080016')).toBe(source.dataSet.string('x00080016')); // SOP Class UID: never remapped
  });

  it('removes an attribute that is neither in the table nor on the safe list, at any depth', () => {
    const [unlisted, madeUp] = [0x00281055, 0x0018fff0]; // Window Explanation; a tag no edition defines
    const { bytes } = writeCanarySlice('explicit', {}, [
      [unlisted, 'LO', new TextEncoder().encode('WINDOW')],
      [madeUp, 'LO', new TextEncoder().encode('NEW ATTRIBUTE')],
    ]);
    const source = open(bytes);
    const out = reparse(deidentify(source, pseudonymisation()));
    for (const [where, before, after] of [
      ['top', source.dataSet, out],
      ['nested', nestedItem(source.dataSet)!, nestedItem(out)!],
    ] as const) {
      expect([before.string(hex(unlisted)), before.string(hex(madeUp))], where).toEqual(['WINDOW', 'NEW ATTRIBUTE']);
      expect([after.elements[hex(unlisted)], after.elements[hex(madeUp)]], where).toEqual([undefined, undefined]);
    }
    expect(nestedItem(out)?.elements.x00080104).toBeDefined(); // the carrier's own code is kept
  });
});
