/**
 * One self-made CT DICOM file (no real patient data, every value known): a complete Part-10 file (CT
 * Image Storage by default, 16-bit signed, MONOCHROME2) written with our own encoder. Used by phantom.ts
 * (series) and gated-phantom.ts (ECG-gated series).
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

export const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';

export interface PhantomSliceOptions {
  rows: number;
  columns: number;
  /** [between rows, between columns] in mm, as DICOM PixelSpacing. */
  pixelSpacing: [number, number];
  position: [number, number, number];
  orientation: [number, number, number, number, number, number];
  /** Stored values, rows*columns (times numberOfFrames); default a uniform -1000 HU. */
  pixels?: Int16Array;
  /** SOP class (default CT Image Storage), e.g. Enhanced CT Image Storage with `numberOfFrames`. */
  sopClassUid?: string;
  /** Writes NumberOfFrames (0028,0008) when given; pixels then hold every frame. */
  numberOfFrames?: number;
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
  const pixelCount = o.rows * o.columns * (o.numberOfFrames ?? 1);
  const sopClassUid = o.sopClassUid ?? CT_IMAGE_STORAGE;
  const intercept = o.rescaleIntercept ?? -1024;
  const pixels = o.pixels ?? new Int16Array(pixelCount).fill(-1000 - intercept);
  if (pixels.length !== pixelCount) throw new Error(`phantom: ${pixels.length} pixels for ${o.rows}x${o.columns}`);
  const studyDate = o.studyDate ?? '20200101';
  const entries: PhantomElement[] = [
    text(0x00080005, 'CS', 'ISO_IR 100'),
    text(0x00080008, 'CS', (o.imageType ?? ['ORIGINAL', 'PRIMARY', 'AXIAL']).join('\\')),
    text(0x00080016, 'UI', sopClassUid),
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
    ...(o.numberOfFrames === undefined ? [] : [text(0x00280008, 'IS', String(o.numberOfFrames))]),
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
  const meta = encodeFileMeta({ sopClassUid, sopInstanceUid: o.sopInstanceUid, transferSyntaxUid }, o.preamble ?? true);
  return concatBytes([meta, ...body.parts()]);
}
