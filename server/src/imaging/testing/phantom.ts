/**
 * Self-made CT DICOM for tests and benchmarks: no real patient data, every value known. A slice is a
 * complete Part-10 file (CT Image Storage, 16-bit signed, MONOCHROME2) written with our own encoder.
 */
import {
  concatBytes,
  DataSetWriter,
  encodeText,
  encodeUint16,
  formatDecimalString,
  UNDEFINED_LENGTH,
} from '../dicom/data-set-writer.ts';
import { encodeFileMeta, TS } from '../dicom/file-meta.ts';
import type { Vec3 } from '../types.ts';

export const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';

export interface PhantomSliceOptions {
  rows: number;
  columns: number;
  /** [between rows, between columns] in mm, as DICOM PixelSpacing. */
  pixelSpacing: [number, number];
  position: [number, number, number];
  orientation: [number, number, number, number, number, number];
  /** Stored values, rows*columns; default a uniform -1000 HU. */
  pixels?: Int16Array;
  /** Default -1024 (stored = HU + 1024). */
  rescaleIntercept?: number;
  seriesInstanceUid: string;
  studyInstanceUid: string;
  frameOfReferenceUid: string;
  sopInstanceUid: string;
  instanceNumber?: number;
  patientName?: string;
  patientId?: string;
  studyDate?: string;
  institutionName?: string;
  /** Free text of the acquisition (defaults: 'Phantom axial', 'PHANTOM-STATION', no protocol name). */
  seriesDescription?: string;
  stationName?: string;
  protocolName?: string;
  modality?: string;
  imageType?: string[];
  sliceThickness?: number;
  gantryTilt?: number;
  burnedInAnnotation?: boolean;
  transferSyntax?: 'implicit' | 'explicit';
  preamble?: boolean;
  windowCenter?: number;
  windowWidth?: number;
  /** Adds a private creator and a private element (group 0009) holding identifying text. */
  extraPrivateTag?: boolean;
  /**
   * More elements, replacing any the phantom writes with the same tag. A value of VR SQ is the encoded
   * items (item tags and delimiters included, same VR encoding as the file), written with undefined length.
   */
  extraElements?: readonly PhantomElement[];
}

export type PhantomElement = [tag: number, vr: string, value: Uint8Array];

const ds = (values: number[]) => values.map(formatDecimalString).join('\\');

function text(tag: number, vr: string, value: string): PhantomElement {
  return [tag, vr, encodeText(vr, value)];
}

export function writePhantomSlice(o: PhantomSliceOptions): Uint8Array {
  const pixelCount = o.rows * o.columns;
  const intercept = o.rescaleIntercept ?? -1024;
  const pixels = o.pixels ?? new Int16Array(pixelCount).fill(-1000 - intercept);
  if (pixels.length !== pixelCount) throw new Error(`phantom: ${pixels.length} pixels for ${o.rows}x${o.columns}`);
  const studyDate = o.studyDate ?? '20200101';
  const entries: PhantomElement[] = [
    text(0x00080005, 'CS', 'ISO_IR 100'),
    text(0x00080008, 'CS', (o.imageType ?? ['ORIGINAL', 'PRIMARY', 'AXIAL']).join('\\')),
    text(0x00080016, 'UI', CT_IMAGE_STORAGE),
    text(0x00080018, 'UI', o.sopInstanceUid),
    text(0x00080020, 'DA', studyDate),
    text(0x00080021, 'DA', studyDate),
    text(0x00080030, 'TM', '101500'),
    text(0x00080050, 'SH', 'PHANTOM-ACC-1'),
    text(0x00080060, 'CS', o.modality ?? 'CT'),
    text(0x00080070, 'LO', 'CardioMap Phantom'),
    text(0x00080080, 'LO', o.institutionName ?? 'Phantom Institute'),
    text(0x00081010, 'SH', o.stationName ?? 'PHANTOM-STATION'),
    text(0x0008103e, 'LO', o.seriesDescription ?? 'Phantom axial'),
    text(0x00100010, 'PN', o.patientName ?? 'Phantom^Patient'),
    text(0x00100020, 'LO', o.patientId ?? 'PHANTOM-0001'),
    text(0x00100030, 'DA', '19700101'),
    text(0x00100040, 'CS', 'O'),
    text(0x00180050, 'DS', formatDecimalString(o.sliceThickness ?? 1)),
    text(0x00180060, 'DS', '120'),
    ...(o.protocolName === undefined ? [] : [text(0x00181030, 'LO', o.protocolName)]),
    text(0x00181120, 'DS', formatDecimalString(o.gantryTilt ?? 0)),
    text(0x0020000d, 'UI', o.studyInstanceUid),
    text(0x0020000e, 'UI', o.seriesInstanceUid),
    text(0x00200010, 'SH', 'PH1'),
    text(0x00200011, 'IS', '1'),
    text(0x00200013, 'IS', String(o.instanceNumber ?? 1)),
    text(0x00200032, 'DS', ds(o.position)),
    text(0x00200037, 'DS', ds(o.orientation)),
    text(0x00200052, 'UI', o.frameOfReferenceUid),
    [0x00280002, 'US', encodeUint16(1)],
    text(0x00280004, 'CS', 'MONOCHROME2'),
    [0x00280010, 'US', encodeUint16(o.rows)],
    [0x00280011, 'US', encodeUint16(o.columns)],
    text(0x00280030, 'DS', ds(o.pixelSpacing)),
    [0x00280100, 'US', encodeUint16(16)],
    [0x00280101, 'US', encodeUint16(16)],
    [0x00280102, 'US', encodeUint16(15)],
    [0x00280103, 'US', encodeUint16(1)],
    text(0x00280301, 'CS', o.burnedInAnnotation ? 'YES' : 'NO'),
    text(0x00281050, 'DS', formatDecimalString(o.windowCenter ?? 40)),
    text(0x00281051, 'DS', formatDecimalString(o.windowWidth ?? 400)),
    text(0x00281052, 'DS', formatDecimalString(intercept)),
    text(0x00281053, 'DS', '1'),
    [0x7fe00010, 'OW', new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength)],
  ];
  if (o.extraPrivateTag) {
    entries.push(text(0x00090010, 'LO', 'CARDIOMAP PHANTOM'));
    entries.push(text(0x00091001, 'LO', `private copy of ${o.patientName ?? 'Phantom^Patient'}`));
  }
  const extra = new Set(o.extraElements?.map(([tag]) => tag));
  const all = [...entries.filter(([tag]) => !extra.has(tag)), ...(o.extraElements ?? [])];
  all.sort((a, b) => a[0] - b[0]);

  const transferSyntaxUid = o.transferSyntax === 'implicit' ? TS.implicitLittle : TS.explicitLittle;
  const body = new DataSetWriter(transferSyntaxUid === TS.explicitLittle);
  for (const [tag, vr, value] of all) {
    if (vr !== 'SQ') body.element(tag, vr, value);
    else {
      body.header(tag, vr, UNDEFINED_LENGTH);
      body.raw(value);
      body.delimiter(0xfffee0dd, 0);
    }
  }
  const meta = encodeFileMeta(
    { sopClassUid: CT_IMAGE_STORAGE, sopInstanceUid: o.sopInstanceUid, transferSyntaxUid },
    o.preamble ?? true,
  );
  return concatBytes([meta, ...body.parts()]);
}

export interface PhantomSeriesOptions {
  count: number;
  rows?: number;
  columns?: number;
  /** Distance between slice positions (mm), default 2. */
  spacing?: number;
  pixelSpacing?: [number, number];
  sliceThickness?: number;
  /** Position of the first slice's first pixel, default [-32, -32, 0] … scaled with the pixel spacing. */
  origin?: Vec3;
  /**
   * Gantry tilt in degrees: each slice's column direction is tilted about the x axis by this angle while
   * the slices are stacked straight along z, as scanners write tilted acquisitions.
   */
  gantryTilt?: number;
  /** Slice indices to leave out (to make gaps). */
  skip?: number[];
  /** Slice indices written twice (second copy with its own SOP instance UID, same position). */
  duplicate?: number[];
  /** Name pattern; default `IM${index}.dcm`. `extension: ''` gives extensionless names. */
  extension?: string;
  uidRoot?: string;
  transferSyntax?: 'implicit' | 'explicit';
  preamble?: boolean;
  patientName?: string;
  patientId?: string;
  extraPrivateTag?: boolean;
  /** Free text written into every slice, e.g. a marker a test looks for. */
  text?: Pick<PhantomSliceOptions, 'seriesDescription' | 'stationName' | 'protocolName' | 'institutionName'>;
}

export interface PhantomDisc {
  /** Centre as fractional (row, column) pixel indices. */
  row: number;
  column: number;
  radius: number;
  hu: number;
}

export const PHANTOM_BACKGROUND_HU = -1000;
export const PHANTOM_BODY_HU = 40;

/**
 * The bright disc of slice `index` in a series of `count`: its centre moves diagonally from the top-left
 * quarter to the bottom-right quarter as the slice index grows, so a wrongly ordered volume is visible.
 */
export function phantomDisc(index: number, count: number, rows: number, columns: number): PhantomDisc {
  const t = count > 1 ? index / (count - 1) : 0.5;
  return {
    row: rows * (0.25 + 0.5 * t),
    column: columns * (0.25 + 0.5 * t),
    radius: Math.max(2, Math.min(rows, columns) / 8),
    hu: 1000 + Math.round(1000 * t),
  };
}

/** The HU value the phantom has at (row, column) of slice `index`: background, disc, plus a row gradient. */
export function phantomHU(index: number, count: number, rows: number, columns: number, row: number, column: number) {
  const disc = phantomDisc(index, count, rows, columns);
  const dr = row + 0.5 - disc.row;
  const dc = column + 0.5 - disc.column;
  if (dr * dr + dc * dc <= disc.radius * disc.radius) return disc.hu;
  // A marker column on the left edge tells rows from columns (and flips) apart.
  if (column < 2) return PHANTOM_BODY_HU + row;
  return PHANTOM_BACKGROUND_HU;
}

export function phantomUid(root: string, ...parts: number[]): string {
  return [root, ...parts].join('.');
}

/** An axial series (or tilted, gapped, duplicated variants) with known geometry, in slice order along +z. */
export function phantomSeries(o: PhantomSeriesOptions): { name: string; bytes: Uint8Array }[] {
  const rows = o.rows ?? 64;
  const columns = o.columns ?? 64;
  const spacing = o.spacing ?? 2;
  const pixelSpacing = o.pixelSpacing ?? [1, 1];
  const origin = o.origin ?? [(-columns / 2) * pixelSpacing[1], (-rows / 2) * pixelSpacing[0], 0];
  const tilt = ((o.gantryTilt ?? 0) * Math.PI) / 180;
  const orientation: PhantomSliceOptions['orientation'] = [1, 0, 0, 0, Math.cos(tilt), -Math.sin(tilt)];
  const root = o.uidRoot ?? '2.25.1234567890';
  const intercept = -1024;
  const skip = new Set(o.skip ?? []);
  const out: { name: string; bytes: Uint8Array }[] = [];
  let instance = 0;
  for (let k = 0; k < o.count; k++) {
    if (skip.has(k)) continue;
    const pixels = new Int16Array(rows * columns);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++)
        pixels[r * columns + c] = phantomHU(k, o.count, rows, columns, r, c) - intercept;
    }
    const copies = o.duplicate?.includes(k) ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      instance++;
      const bytes = writePhantomSlice({
        rows,
        columns,
        pixelSpacing,
        position: [origin[0], origin[1], origin[2] + k * spacing],
        orientation,
        pixels,
        rescaleIntercept: intercept,
        studyInstanceUid: phantomUid(root, 1),
        seriesInstanceUid: phantomUid(root, 2),
        frameOfReferenceUid: phantomUid(root, 3),
        sopInstanceUid: phantomUid(root, 4, instance),
        instanceNumber: instance,
        sliceThickness: o.sliceThickness ?? spacing,
        gantryTilt: o.gantryTilt ?? 0,
        transferSyntax: o.transferSyntax,
        preamble: o.preamble,
        patientName: o.patientName,
        patientId: o.patientId,
        extraPrivateTag: o.extraPrivateTag,
        ...o.text,
      });
      out.push({ name: `IM${String(instance).padStart(4, '0')}${o.extension ?? '.dcm'}`, bytes });
    }
  }
  return out;
}
