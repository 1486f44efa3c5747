import { deidentifiedText, SERIES_DESCRIPTION } from '../dicom/deidentified-text.ts';
import type { ParsedInstance, Vec3 } from '../types.ts';
import { ORIENTATION_TOLERANCE, planVolume, type SliceInput, type VolumeGeometry } from './geometry.ts';
import { isTooLarge, type SliceGap } from './slice-gaps.ts';
import { type OrientationLabel, orientationLabel, orthonormalAxes } from './vector.ts';

/** One frame of a usable instance, tied back to the file it came from. */
export interface SeriesFrame extends SliceInput {
  file: number;
  frame: number;
}

/** A series found in the upload, as shown to staff and recorded with the job. */
export interface SeriesCandidate {
  seriesInstanceUid: string;
  /** 1, or the part number when one series UID held several stacks (orientations, sizes, frames of reference). */
  part: number;
  studyInstanceUid: string;
  seriesNumber: number | null;
  /** SeriesDescription as the de-identified files hold it ('' when the profile removes it): people see this one. */
  description: string;
  fileCount: number;
  /** Distinct slice positions (the volume's depth before any resampling). */
  sliceCount: number;
  rows: number;
  columns: number;
  /** [between columns, between rows, between slices] in mm; null when no volume can be built. */
  spacing: Vec3 | null;
  sliceThickness: number | null;
  orientation: OrientationLabel;
  /** From ContrastBolusAgent, else from the original description; null when neither tells. */
  isContrastEnhanced: boolean | null;
  usable: boolean;
  /** Its largest gap between neighbouring slices, when above the limit (slice-gaps.ts): invalid unless acknowledged. */
  gap: SliceGap | null;
  /** Why the series cannot be used, or what was noticed. */
  note?: string;
}

export interface SeriesGroup {
  candidate: SeriesCandidate;
  frames: SeriesFrame[];
  /** Present when the frames make a volume. */
  geometry?: VolumeGeometry;
}

/**
 * Groups the frames of usable instances into series: by SeriesInstanceUID, split further when one UID
 * mixes frames of reference, image sizes or orientations (each such stack is its own candidate).
 */
export function groupSeries(instances: ReadonlyArray<{ file: number; instance: ParsedInstance }>): SeriesGroup[] {
  const stacks = new Map<string, { uid: string; frames: SeriesFrame[]; instances: ParsedInstance[] }>();
  const orientationsOf = new Map<string, number[][]>();
  for (const { file, instance } of instances) {
    (instance.frames ?? []).forEach((geometry, frame) => {
      const known = orientationsOf.get(instance.seriesInstanceUid) ?? [];
      orientationsOf.set(instance.seriesInstanceUid, known);
      let o = known.findIndex((k) =>
        k.every((x, i) => Math.abs(x - (geometry.orientation[i] as number)) <= ORIENTATION_TOLERANCE / 2),
      );
      if (o < 0) o = known.push([...geometry.orientation]) - 1;
      const key = [
        instance.seriesInstanceUid,
        instance.frameOfReferenceUid ?? '',
        instance.rows,
        instance.columns,
        o,
      ].join('|');
      const stack = stacks.get(key) ?? { uid: instance.seriesInstanceUid, frames: [], instances: [] };
      stacks.set(key, stack);
      stack.frames.push({ file, frame, geometry, rows: instance.rows, columns: instance.columns });
      if (stack.instances[stack.instances.length - 1] !== instance) stack.instances.push(instance);
    });
  }
  const parts = new Map<string, number>();
  const groups = [...stacks.values()].map((stack) => {
    const part = (parts.get(stack.uid) ?? 0) + 1;
    parts.set(stack.uid, part);
    return describeStack(stack.frames, stack.instances, part);
  });
  for (const g of groups) {
    if ((parts.get(g.candidate.seriesInstanceUid) ?? 1) > 1) {
      const note =
        'this series mixes stacks (orientation, image size or frame of reference); each is offered on its own';
      g.candidate.note = g.candidate.note ? `${g.candidate.note}; ${note}` : note;
    }
  }
  return groups;
}

function describeStack(frames: SeriesFrame[], instances: ParsedInstance[], part: number): SeriesGroup {
  const first = instances[0] as ParsedInstance;
  const firstFrame = frames[0] as SeriesFrame;
  const planned = planVolume(frames);
  const candidate: SeriesCandidate = {
    seriesInstanceUid: first.seriesInstanceUid,
    part,
    studyInstanceUid: first.studyInstanceUid,
    seriesNumber: first.seriesNumber ?? null,
    description: deidentifiedText(first, SERIES_DESCRIPTION, first.seriesDescription),
    fileCount: new Set(frames.map((f) => f.file)).size,
    sliceCount: planned.ok ? planned.geometry.order.length : new Set(frames.map((f) => positionKey(f))).size,
    rows: first.rows,
    columns: first.columns,
    spacing: planned.ok ? planned.geometry.spacing : null,
    sliceThickness: first.sliceThickness ?? null,
    orientation: orientationLabel(orthonormalAxes(firstFrame.geometry.orientation).normal),
    isContrastEnhanced: contrastOf(instances),
    usable: planned.ok,
    gap:
      planned.ok && planned.geometry.largestGap && isTooLarge(planned.geometry.largestGap)
        ? planned.geometry.largestGap
        : null,
  };
  if (!planned.ok) candidate.note = planned.reason;
  return planned.ok ? { candidate, frames, geometry: planned.geometry } : { candidate, frames };
}

const positionKey = (f: SeriesFrame) => f.geometry.position.map((x) => x.toFixed(2)).join(',');

const NO_AGENT = /^(none|no|n\/?a|-+)?$/i;
const NOT_ENHANCED =
  /\b(non[- ]?contrast|without contrast|w\/o|wo|native|nativ|plain|unenhanced|non[- ]?enhanced|nc|ncct)\b/i;
const ENHANCED =
  /(\bc\+|\bcontrast\b|\bcta\b|\bangio|\barterial\b|\bvenous\b|\bportal\b|\benhanced\b|\bkontrast|\bce\b|\bw\/c\b)/i;

/** Contrast from the ContrastBolusAgent tag first, then from keywords of the series description. */
export function contrastOf(instances: readonly ParsedInstance[]): boolean | null {
  const agent = instances.map((i) => i.contrastBolusAgent?.trim() ?? '').find((a) => !NO_AGENT.test(a));
  if (agent) return true;
  const description = instances[0]?.seriesDescription ?? '';
  if (NOT_ENHANCED.test(description)) return false;
  if (ENHANCED.test(description)) return true;
  return null;
}

/**
 * The documented choice, best first:
 * 1. a series that makes a volume; 2. one without a gap above the limit (slice-gaps.ts) before a gapped
 * one; 3. axial before other orientations; 4. most slices; 5. thinnest slice spacing; 6. contrast-enhanced
 * before unknown before plain;
 * then the lower series number and UID, so the choice never depends on file order.
 */
export function compareCandidates(a: SeriesCandidate, b: SeriesCandidate): number {
  const contrastRank = (c: SeriesCandidate) =>
    c.isContrastEnhanced === true ? 0 : c.isContrastEnhanced === null ? 1 : 2;
  return (
    Number(b.usable) - Number(a.usable) ||
    Number(a.gap !== null) - Number(b.gap !== null) ||
    Number(b.orientation === 'axial') - Number(a.orientation === 'axial') ||
    b.sliceCount - a.sliceCount ||
    (a.spacing?.[2] ?? Number.POSITIVE_INFINITY) - (b.spacing?.[2] ?? Number.POSITIVE_INFINITY) ||
    contrastRank(a) - contrastRank(b) ||
    (a.seriesNumber ?? Number.MAX_SAFE_INTEGER) - (b.seriesNumber ?? Number.MAX_SAFE_INTEGER) ||
    a.seriesInstanceUid.localeCompare(b.seriesInstanceUid) ||
    a.part - b.part
  );
}

export type SeriesChoice = { ok: true; group: SeriesGroup } | { ok: false; reason: string };

/** Picks the series to analyse: staff's override (by original SeriesInstanceUID) when given, else the rule. */
export function chooseSeries(groups: readonly SeriesGroup[], overrideUid?: string): SeriesChoice {
  const ranked = [...groups].sort((a, b) => compareCandidates(a.candidate, b.candidate));
  if (overrideUid) {
    const wanted = ranked.filter((g) => g.candidate.seriesInstanceUid === overrideUid);
    const usable = wanted.find((g) => g.candidate.usable);
    if (usable) return { ok: true, group: usable };
    if (wanted[0]) return { ok: false, reason: `The chosen series cannot be used: ${wanted[0].candidate.note}.` };
    return { ok: false, reason: 'The chosen series is not in this upload.' };
  }
  const best = ranked[0];
  if (best?.candidate.usable) return { ok: true, group: best };
  if (best) {
    return { ok: false, reason: `No CT series could be assembled into a volume: ${best.candidate.note}.` };
  }
  return { ok: false, reason: 'No CT images were found.' };
}
