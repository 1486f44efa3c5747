/**
 * Self-made CT DICOM for tests and benchmarks: no real patient data, every value known. A slice is a
 * complete Part-10 file written with our own encoder (phantom-slice.ts); ECG-gated series with several
 * cardiac phases are in gated-phantom.ts, exported from here too.
 */
import type { Vec3 } from '../types.ts';
import { type PhantomSliceOptions, writePhantomSlice } from './phantom-slice.ts';

export {
  type GatedPhantom,
  type GatedPhantomOptions,
  gatedPhantomFiles,
  gatedPhantomHU,
  gatedPhantomZip,
  phaseOfPhantomSlice,
} from './gated-phantom.ts';
export {
  CT_IMAGE_STORAGE,
  type PhantomElement,
  type PhantomSliceOptions,
  writePhantomSlice,
} from './phantom-slice.ts';

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
