/**
 * A self-made ECG-gated CT (issue 28): the same table positions imaged at several cardiac phases, laid
 * out as scanners export them. The "heart" is a disc whose HU and radius encode the phase, so a test
 * reads from any slice's pixels which phase it came from (`phaseOfPhantomSlice`); a marker column on the
 * left edge encodes the slice position. No real patient data.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import {
  DataSetWriter,
  encodeText,
  encodeUint32,
  formatDecimalString,
  UNDEFINED_LENGTH,
} from '../dicom/data-set-writer.ts';
import { type PhantomElement, writePhantomSlice } from './phantom-slice.ts';

export const ENHANCED_CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2.1';

export interface GatedPhantomOptions {
  /** Number of cardiac phases (default 2); their percentages default to 0, 100/n, … (10 phases: 0–90 %). */
  phases?: number;
  /** Nominal percentage of each phase (overrides `phases`). */
  percents?: number[];
  /** Table positions, every phase at each (default 8), 2 mm apart. */
  slices?: number;
  /** Matrix (default 32 × 32). */
  size?: number;
  /**
   * How the files are laid out: one series with the phases interleaved (every phase at a position, then
   * the next position), sequential (phase after phase), shuffled (a fixed shuffle); one series per
   * phase; or one enhanced multi-frame CT file holding every frame.
   */
  layout?: 'interleaved' | 'sequential' | 'shuffled' | 'series-per-phase' | 'enhanced';
  /**
   * Which phase attribute the images carry: the nominal percentage (with the trigger time, as vendors
   * write both), the trigger time only, the temporal position index only, or none at all.
   */
  attribute?: 'percent' | 'trigger' | 'temporal-index' | 'none';
  /** Every phase with the first phase's pixels (copies at each position, not different phases). */
  identicalPhases?: boolean;
  /** Writes Nominal Interval (0018,1062), the R-R interval in ms; default none. */
  rrIntervalMs?: number;
  /** Distinguishes the UIDs of two phantoms; default '2.25.2828'. */
  uidRoot?: string;
  /** Patient's name and ID written into every file (default 'Gated^Phantom', 'GATED-0001'). */
  patientName?: string;
  patientId?: string;
}

export interface GatedPhantom {
  files: { name: string; bytes: Uint8Array }[];
  /** Per phase in cardiac order: what its files say. */
  phases: { percent: number; triggerTimeMs: number; temporalIndex: number }[];
  slices: number;
  size: number;
}

/** R-R interval the phantom's trigger times are computed with when none is given (75 bpm). */
const PHANTOM_RR_MS = 800;
const INTERCEPT = -1024;
const SPACING_MM = 2;

/** The heart disc's HU for phase `p` (0-based, cardiac order): 200, 250, … */
const heartHU = (p: number) => 200 + 50 * p;

/** HU of the gated phantom at (row, column) of slice `k`, phase `p`. */
export function gatedPhantomHU(p: number, k: number, size: number, row: number, column: number): number {
  // A marker column on the left edge: the slice's position along z.
  if (column < 2) return 10 * k;
  const radius = size / 8 + (p * size) / 40;
  const dr = row + 0.5 - size / 2;
  const dc = column + 0.5 - size / 2;
  return dr * dr + dc * dc <= radius * radius ? heartHU(p) : -1000;
}

/** Which phase (0-based) and slice a volume slice of the phantom shows, read from its pixels alone. */
export function phaseOfPhantomSlice(pixels: Int16Array, size: number): { phase: number; slice: number } {
  const centre = pixels[(size / 2) * size + size / 2] as number;
  return { phase: (centre - 200) / 50, slice: (pixels[(size / 2) * size] as number) / 10 };
}

function slicePixels(p: number, k: number, size: number): Int16Array {
  const pixels = new Int16Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) pixels[r * size + c] = gatedPhantomHU(p, k, size, r, c) - INTERCEPT;
  }
  return pixels;
}

const uid = (root: string, ...parts: number[]) => [root, ...parts].join('.');

/** The gated phantom's files, in the layout asked for. */
export function gatedPhantomFiles(o: GatedPhantomOptions = {}): GatedPhantom {
  const { entries, ...rest } = gatedPhantomEntries(o);
  return { ...rest, files: entries.map((e) => ({ name: e.name, bytes: e.make() })) };
}

type PhantomEntries = Omit<GatedPhantom, 'files'> & { entries: { name: string; make(): Uint8Array }[] };

/** The files, each made only when asked for (a 10-phase × 250-slice 512² phantom is 1.3 GB). */
function gatedPhantomEntries(o: GatedPhantomOptions): PhantomEntries {
  const percents = o.percents ?? Array.from({ length: o.phases ?? 2 }, (_, p) => (p * 100) / (o.phases ?? 2));
  const slices = o.slices ?? 8;
  const size = o.size ?? 32;
  const layout = o.layout ?? 'interleaved';
  const attribute = o.attribute ?? 'percent';
  const root = o.uidRoot ?? '2.25.2828';
  const rr = o.rrIntervalMs ?? PHANTOM_RR_MS;
  const phases = percents.map((percent, p) => ({
    percent,
    triggerTimeMs: Math.round((percent / 100) * rr),
    temporalIndex: p + 1,
  }));
  const pixelPhase = (p: number) => (o.identicalPhases ? 0 : p);
  const common = {
    rows: size,
    columns: size,
    pixelSpacing: [1, 1] as [number, number],
    orientation: [1, 0, 0, 0, 1, 0] as [number, number, number, number, number, number],
    rescaleIntercept: INTERCEPT,
    studyInstanceUid: uid(root, 1),
    frameOfReferenceUid: uid(root, 3),
    sliceThickness: SPACING_MM,
    patientName: o.patientName ?? 'Gated^Phantom',
    patientId: o.patientId ?? 'GATED-0001',
  };
  const position = (k: number): [number, number, number] => [-size / 2, -size / 2, k * SPACING_MM];

  if (layout === 'enhanced') {
    const frames = phases.flatMap((_, p) => Array.from({ length: slices }, (__, k) => ({ p, k })));
    const pixels = new Int16Array(frames.length * size * size);
    for (const [i, { p, k }] of frames.entries()) pixels.set(slicePixels(pixelPhase(p), k, size), i * size * size);
    const make = () =>
      writePhantomSlice({
        ...common,
        position: position(0),
        pixels,
        numberOfFrames: frames.length,
        sopClassUid: ENHANCED_CT_IMAGE_STORAGE,
        imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL', 'NONE'],
        seriesInstanceUid: uid(root, 2),
        sopInstanceUid: uid(root, 4, 1),
        seriesDescription: 'Gated phantom enhanced',
        extraElements: enhancedGroups(
          frames.map(({ p, k }) => ({ position: position(k), phase: phases[p] as GatedPhantom['phases'][number] })),
          attribute,
          o.rrIntervalMs,
        ),
      });
    return { entries: [{ name: 'ENHANCED.dcm', make }], phases, slices, size };
  }

  const order = phases.flatMap((_, p) => Array.from({ length: slices }, (__, k) => ({ p, k })));
  if (layout === 'interleaved') order.sort((a, b) => a.k - b.k || a.p - b.p);
  if (layout === 'shuffled') shuffle(order);
  const entries = order.map(({ p, k }, i) => {
    const phase = phases[p] as GatedPhantom['phases'][number];
    const perPhase = layout === 'series-per-phase';
    const make = () =>
      writePhantomSlice({
        ...common,
        position: position(k),
        pixels: slicePixels(pixelPhase(p), k, size),
        seriesInstanceUid: perPhase ? uid(root, 2, p + 1) : uid(root, 2),
        sopInstanceUid: uid(root, 4, p + 1, k + 1),
        instanceNumber: i + 1,
        seriesDescription: perPhase ? `Gated phantom ${phase.percent} %` : 'Gated phantom',
        extraElements: classicPhase(phase, attribute, o.rrIntervalMs),
      });
    return { name: `GATED/IM${String(i + 1).padStart(5, '0')}.dcm`, make };
  });
  return { entries, phases, slices, size };
}

/** Writes the gated phantom as a zip at `path`, one file made as the zip asks for it (memory stays flat). */
export async function gatedPhantomZip(
  path: string,
  o: GatedPhantomOptions = {},
): Promise<Omit<GatedPhantom, 'files'> & { fileCount: number }> {
  const { entries, ...phantom } = gatedPhantomEntries(o);
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    zip.addReadStreamLazy(e.name, (ready) => {
      const bytes = e.make();
      ready(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
    });
  }
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path));
  return { ...phantom, fileCount: entries.length };
}

/** A fixed shuffle (an LCG), so failures reproduce. */
function shuffle<T>(items: T[]): void {
  let s = 11;
  for (let i = items.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

const text = (tag: number, vr: string, value: string): PhantomElement => [tag, vr, encodeText(vr, value)];
const float32 = (x: number) => new Uint8Array(new Float32Array([x]).buffer);
const float64 = (x: number) => new Uint8Array(new Float64Array([x]).buffer);

function classicPhase(
  phase: GatedPhantom['phases'][number],
  attribute: NonNullable<GatedPhantomOptions['attribute']>,
  rrIntervalMs: number | undefined,
): PhantomElement[] {
  const out: PhantomElement[] = [];
  if (rrIntervalMs !== undefined) out.push(text(0x00181062, 'IS', String(rrIntervalMs)));
  if (attribute === 'percent' || attribute === 'trigger') {
    out.push(text(0x00181060, 'DS', formatDecimalString(phase.triggerTimeMs)));
  }
  if (attribute === 'percent') out.push([0x00209241, 'FL', float32(phase.percent)]);
  if (attribute === 'temporal-index') out.push([0x00209128, 'UL', encodeUint32(phase.temporalIndex)]);
  return out;
}

/** Shared and per-frame functional groups of an enhanced CT: geometry, rescale, and each frame's phase. */
function enhancedGroups(
  frames: { position: [number, number, number]; phase: GatedPhantom['phases'][number] }[],
  attribute: NonNullable<GatedPhantomOptions['attribute']>,
  rrIntervalMs: number | undefined,
): PhantomElement[] {
  const ds = (values: number[]) => values.map(formatDecimalString).join('\\');
  const shared = body((w) => {
    w.sequence(0x00209116, [body((x) => x.text(0x00200037, 'DS', ds([1, 0, 0, 0, 1, 0])))]);
    w.sequence(0x00289110, [
      body((x) => {
        x.text(0x00180050, 'DS', formatDecimalString(SPACING_MM));
        x.text(0x00280030, 'DS', ds([1, 1]));
      }),
    ]);
    w.sequence(0x00289145, [
      body((x) => {
        x.text(0x00281052, 'DS', formatDecimalString(INTERCEPT));
        x.text(0x00281053, 'DS', '1');
        x.text(0x00281054, 'LO', 'HU');
      }),
    ]);
  });
  const perFrame = frames.map(({ position, phase }) =>
    body((w) => {
      if (attribute === 'percent' || attribute === 'trigger') {
        w.sequence(0x00189118, [
          body((x) => {
            if (rrIntervalMs !== undefined) x.text(0x00181062, 'IS', String(rrIntervalMs));
            x.element(0x00209153, 'FD', float64(phase.triggerTimeMs));
            if (attribute === 'percent') x.element(0x00209241, 'FL', float32(phase.percent));
          }),
        ]);
      }
      w.sequence(0x00209111, [
        body((x) => {
          if (attribute === 'percent' || attribute === 'temporal-index') {
            x.element(0x00209128, 'UL', encodeUint32(phase.temporalIndex));
          }
        }),
      ]);
      w.sequence(0x00209113, [body((x) => x.text(0x00200032, 'DS', ds(position)))]);
    }),
  );
  return [
    [0x52009229, 'SQ', items([shared])],
    [0x52009230, 'SQ', items(perFrame)],
  ];
}

/** One item's data set (explicit VR little endian, as the phantom files are). */
function body(write: (w: DataSetWriter) => void): Uint8Array {
  const w = new DataSetWriter(true);
  write(w);
  return w.toBytes();
}

/** Items of a sequence value, delimiters included (phantom-slice.ts adds the sequence's own). */
function items(bodies: Uint8Array[]): Uint8Array {
  const w = new DataSetWriter(true);
  for (const b of bodies) {
    w.delimiter(0xfffee000, UNDEFINED_LENGTH);
    w.raw(b);
    w.delimiter(0xfffee00d, 0);
  }
  return w.toBytes();
}
