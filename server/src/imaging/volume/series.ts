import { phaseLabel } from '@cardiomap/domain';
import { deidentifiedText, SERIES_DESCRIPTION } from '../dicom/deidentified-text.ts';
import type { FramePhase, ParsedInstance, Vec3 } from '../types.ts';
import { ORIENTATION_TOLERANCE, planVolume, type SliceInput, type VolumeGeometry } from './geometry.ts';
import { type PhaseKind, phaseKindAcross, phaseValue, splitPhases } from './phases.ts';
import { isTooLarge, type SliceGap } from './slice-gaps.ts';
import { type OrientationLabel, orientationLabel, orthonormalAxes } from './vector.ts';

/** One frame of a usable instance, tied back to the file it came from. */
export interface SeriesFrame extends SliceInput {
  file: number;
  frame: number;
  /** Its cardiac phase attributes, when the image has any. */
  phase?: FramePhase;
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
  /** Cardiac phases it holds (ECG-gated CT), each its own volume; 1 when not gated. */
  phaseCount: number;
  /** When its phases came as one series each: every series' UID, in cardiac order (`seriesInstanceUid` is the first). */
  phaseSeriesInstanceUids?: string[];
  /** Why the series cannot be used, or what was noticed. */
  note?: string;
}

/** One cardiac phase of a series, with its own volume plan (the same geometry as the others). */
export interface SeriesPhase {
  /** 'Single phase' when the series is not gated, else phaseLabel's '40 %', '350 ms', 'Phase 3'. */
  label: string;
  percent: number | null;
  triggerTimeMs: number | null;
  /** Its frames; the geometry's source indices point into this list. */
  frames: SeriesFrame[];
  geometry: VolumeGeometry;
}

export interface SeriesGroup {
  candidate: SeriesCandidate;
  frames: SeriesFrame[];
  /** Present when the frames make a volume: the first phase's plan (every phase has the same geometry). */
  geometry?: VolumeGeometry;
  /** Present with `geometry`: the phases in cardiac order, one when not gated. */
  phases?: SeriesPhase[];
  /** The attribute that told the phases apart; null when not gated (or nothing told them apart). */
  phaseKind: PhaseKind | null;
  /** Phases left out: they do not cover the same positions as the others. */
  droppedPhases: { label: string; frames: SeriesFrame[]; reason: string }[];
  /** The R-R interval the images state (ms), for the default phase rule. */
  rrIntervalMs?: number;
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
      const phase = instance.phases?.[frame];
      stack.frames.push({
        file,
        frame,
        geometry,
        rows: instance.rows,
        columns: instance.columns,
        ...(phase ? { phase } : {}),
      });
      if (stack.instances[stack.instances.length - 1] !== instance) stack.instances.push(instance);
    });
  }
  const parts = new Map<string, number>();
  const numbered = [...stacks.values()].map((stack) => {
    const part = (parts.get(stack.uid) ?? 0) + 1;
    parts.set(stack.uid, part);
    return { ...stack, part, uids: [stack.uid] };
  });
  const groups = mergePhaseSeries(numbered).map((stack) =>
    describeStack(stack.frames, stack.instances, stack.part, stack.uids),
  );
  for (const g of groups) {
    if ((parts.get(g.candidate.seriesInstanceUid) ?? 1) > 1) {
      const note =
        'this series mixes stacks (orientation, image size or frame of reference); each is offered on its own';
      g.candidate.note = g.candidate.note ? `${g.candidate.note}; ${note}` : note;
    }
  }
  return groups;
}

interface Stack {
  uid: string;
  part: number;
  /** The series the stack's frames come from: several when each held one phase of the acquisition. */
  uids: string[];
  frames: SeriesFrame[];
  instances: ParsedInstance[];
}

/**
 * One series per phase (issue 28): stacks of other series UIDs with the same study, frame of reference,
 * size, orientation, pixel spacing and table positions whose phase attribute differs from series to
 * series, one value each, are the phases of one acquisition and become one stack. Two reconstructions of
 * one phase (another kernel) share a value: then nothing is merged, each stays its own candidate.
 */
function mergePhaseSeries(stacks: Stack[]): Stack[] {
  const buckets = new Map<string, Stack[]>();
  for (const stack of stacks) {
    const first = stack.instances[0] as ParsedInstance;
    const g = (stack.frames[0] as SeriesFrame).geometry;
    if (!first.frameOfReferenceUid || stack.frames.some((f) => !f.phase)) continue;
    const key = [
      first.studyInstanceUid,
      first.frameOfReferenceUid,
      first.rows,
      first.columns,
      g.orientation.map((x) => x.toFixed(3)).join(','),
      g.pixelSpacing.map((x) => x.toFixed(4)).join(','),
      // The same table positions: a calcium score or a thick reconstruction of the same frame of
      // reference lies elsewhere and stays a series of its own, without stopping the phases' merge.
      positionsOf(stack.frames),
    ].join('|');
    const bucket = buckets.get(key) ?? [];
    buckets.set(key, bucket);
    bucket.push(stack);
  }
  const merged = new Map<Stack, Stack>();
  for (const bucket of buckets.values()) {
    if (bucket.length < 2 || new Set(bucket.map((s) => s.uid)).size < bucket.length) continue;
    if (bucket.some((s) => splitPhases(s.frames).kind !== null)) continue;
    if (!phaseKindAcross(bucket.map((s) => s.frames))) continue;
    const ordered = [...bucket].sort((a, b) => phaseOrder(a) - phaseOrder(b));
    const one: Stack = {
      uid: (ordered[0] as Stack).uid,
      part: (ordered[0] as Stack).part,
      uids: ordered.map((s) => s.uid),
      frames: ordered.flatMap((s) => s.frames),
      instances: ordered.flatMap((s) => s.instances),
    };
    for (const s of bucket) merged.set(s, one);
  }
  const out: Stack[] = [];
  for (const stack of stacks) {
    const into = merged.get(stack) ?? stack;
    if (!out.includes(into)) out.push(into);
  }
  return out;
}

/** The stack's distinct positions along its normal (0.1 mm), as a key. */
function positionsOf(frames: readonly SeriesFrame[]): string {
  const { normal } = orthonormalAxes((frames[0] as SeriesFrame).geometry.orientation);
  const along = frames.map((f) =>
    Math.round(
      10 *
        (f.geometry.position[0] * normal[0] + f.geometry.position[1] * normal[1] + f.geometry.position[2] * normal[2]),
    ),
  );
  return [...new Set(along)].sort((a, b) => a - b).join(',');
}

/** Where a one-phase series lies in the cycle, for ordering the series of one acquisition. */
function phaseOrder(s: Stack): number {
  const p = (s.frames[0] as SeriesFrame).phase;
  return p?.percent ?? p?.triggerTimeMs ?? p?.temporalIndex ?? p?.temporalIdentifier ?? 0;
}

/**
 * The frames' phases, each planned as a volume. Phases whose plan differs from the one most phases share
 * (other positions, other slice count) are left out and named; a plan that fails makes the stack unusable.
 */
function planPhases(
  frames: SeriesFrame[],
):
  | { ok: true; kind: PhaseKind | null; phases: SeriesPhase[]; dropped: SeriesGroup['droppedPhases'] }
  | { ok: false; kind: PhaseKind | null; reason: string; phaseCount: number } {
  const split = splitPhases(frames);
  const gated = split.kind !== null;
  const planned: { phase: Omit<SeriesPhase, 'geometry'>; plan: ReturnType<typeof planVolume> }[] = split.phases.map(
    (p, i) => {
      const percent = phaseValue(p.frames, (x) => x.percent);
      const triggerTimeMs = phaseValue(p.frames, (x) => x.triggerTimeMs);
      const label = gated ? phaseLabel({ percent, triggerTimeMs, ordinal: i + 1 }) : 'Single phase';
      return { phase: { label, percent, triggerTimeMs, frames: p.frames }, plan: planVolume(p.frames) };
    },
  );
  const failed = planned.find((p) => !p.plan.ok);
  if (failed && !failed.plan.ok) {
    const reason = gated ? `phase ${failed.phase.label}: ${failed.plan.reason}` : failed.plan.reason;
    return { ok: false, kind: split.kind, reason, phaseCount: planned.length };
  }
  const ok = planned as { phase: Omit<SeriesPhase, 'geometry'>; plan: { ok: true; geometry: VolumeGeometry } }[];
  const signature = (g: VolumeGeometry) =>
    [...g.dimensions, ...g.spacing.map((x) => x.toFixed(3)), ...g.origin.map((x) => x.toFixed(2))].join(',');
  const counts = new Map<string, number>();
  for (const p of ok) counts.set(signature(p.plan.geometry), (counts.get(signature(p.plan.geometry)) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const reference = ok.find((p) => signature(p.plan.geometry) === common)?.plan.geometry as VolumeGeometry;
  const phases: SeriesPhase[] = [];
  const dropped: SeriesGroup['droppedPhases'] = [];
  for (const p of ok) {
    const g = p.plan.geometry;
    if (signature(g) === common) phases.push({ ...p.phase, geometry: g });
    else {
      const reason =
        `its ${g.dimensions[2]} slices from ${describeOrigin(g)} do not match the other phases' ` +
        `${reference.dimensions[2]} slices from ${describeOrigin(reference)}`;
      dropped.push({ label: p.phase.label, frames: p.phase.frames, reason });
    }
  }
  return { ok: true, kind: split.kind, phases, dropped };
}

const describeOrigin = (g: VolumeGeometry) => `(${g.origin.map((x) => Math.round(x * 100) / 100).join(', ')}) mm`;

function describeStack(frames: SeriesFrame[], instances: ParsedInstance[], part: number, uids: string[]): SeriesGroup {
  const first = instances[0] as ParsedInstance;
  const firstFrame = frames[0] as SeriesFrame;
  const phased = planPhases(frames);
  const planned: { ok: true; geometry: VolumeGeometry } | { ok: false; reason: string } = phased.ok
    ? { ok: true, geometry: (phased.phases[0] as SeriesPhase).geometry }
    : phased;
  const gaps = phased.ok ? phased.phases.map((p) => p.geometry.largestGap).filter((g) => g && isTooLarge(g)) : [];
  const worstGap = (gaps as SliceGap[]).sort((a, b) => b.sizeMm - a.sizeMm)[0] ?? null;
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
    gap: worstGap,
    phaseCount: phased.ok ? phased.phases.length : phased.phaseCount,
    ...(uids.length > 1 ? { phaseSeriesInstanceUids: uids } : {}),
  };
  if (!planned.ok) candidate.note = planned.reason;
  const rr = instances.find((i) => i.rrIntervalMs !== undefined)?.rrIntervalMs;
  const common = { candidate, frames, phaseKind: phased.kind, ...(rr !== undefined ? { rrIntervalMs: rr } : {}) };
  return phased.ok && planned.ok
    ? { ...common, geometry: planned.geometry, phases: phased.phases, droppedPhases: phased.dropped }
    : { ...common, droppedPhases: [] };
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
    const wanted = ranked.filter(
      (g) =>
        g.candidate.seriesInstanceUid === overrideUid || g.candidate.phaseSeriesInstanceUids?.includes(overrideUid),
    );
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
