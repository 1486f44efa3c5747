/**
 * Cardiac phases of one acquisition (ECG-gated CT, issue 28): the same table positions imaged at several
 * points of the R-R interval, either in one series or one series per phase. Frames are told apart by the
 * first phase attribute that splits them into phases each covering the acquisition; never by guessing.
 * Pure: the pixel check for positions nothing tells apart is the caller's (ingest-zip.ts).
 */
import type { FramePhase } from '../types.ts';
import type { SliceInput } from './geometry.ts';

export type PhaseKind = 'percent' | 'trigger' | 'temporal-index' | 'temporal-identifier';

/** How the log names the attribute that told the phases apart. */
export const PHASE_KIND_NAMES: Record<PhaseKind, string> = {
  percent: 'Nominal Percentage of Cardiac Phase (0020,9241)',
  trigger: 'Trigger Time (0018,1060) / Nominal Cardiac Trigger Delay Time (0020,9153)',
  'temporal-index': 'Temporal Position Index (0020,9128)',
  'temporal-identifier': 'Temporal Position Identifier (0020,0100)',
};

/** In this order of precedence: the first that splits the frames into whole phases is the phase key. */
const KINDS: readonly { kind: PhaseKind; value(p: FramePhase): number | null; step: number }[] = [
  { kind: 'percent', value: (p) => p.percent, step: 0.1 },
  { kind: 'trigger', value: (p) => p.triggerTimeMs, step: 1 },
  { kind: 'temporal-index', value: (p) => p.temporalIndex, step: 1 },
  { kind: 'temporal-identifier', value: (p) => p.temporalIdentifier, step: 1 },
];

/**
 * A phase must cover more than this share of the acquisition's distinct positions: trigger times that
 * vary from heartbeat to heartbeat within one phase (retrospective gating writes the beat's own delay)
 * would otherwise split one phase into slabs; more than half, so any two phases overlap.
 */
const MIN_PHASE_COVERAGE = 0.5;

export interface PhaseSplit<F> {
  /** The attribute that told the phases apart; null when one phase (nothing split the frames). */
  kind: PhaseKind | null;
  /** In cardiac order (by the key's value); one entry, all frames, when not split. */
  phases: { key: number | null; frames: F[] }[];
}

/** What phase grouping reads of a frame (a SeriesFrame has it; typed apart so series.ts can import this file). */
type Phased = Pick<SliceInput, 'geometry'> & { phase?: FramePhase };

const keyOf = (value: number, step: number) => Math.round(value / step) * step;
const positionKey = (f: Phased) => f.geometry.position.map((x) => x.toFixed(2)).join(',');

/** Splits frames into phases by the first phase attribute, in precedence order, that makes whole phases. */
export function splitPhases<F extends Phased>(frames: readonly F[]): PhaseSplit<F> {
  for (const { kind, value, step } of KINDS) {
    const groups = new Map<number, F[]>();
    let complete = true;
    for (const f of frames) {
      const v = f.phase ? value(f.phase) : null;
      if (v === null) {
        complete = false;
        break;
      }
      const key = keyOf(v, step);
      const group = groups.get(key) ?? [];
      groups.set(key, group);
      group.push(f);
    }
    // An attribute some frames lack, or one value for all, tells nothing apart: the next may.
    if (!complete || groups.size < 2) continue;
    const phases = [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([key, fs]) => ({ key, frames: fs }));
    if (coversAcquisition(phases.map((p) => p.frames))) return { kind, phases };
  }
  return { kind: null, phases: [{ key: null, frames: [...frames] }] };
}

/** Every phase holds at least two positions and more than half the positions of all of them together. */
export function coversAcquisition(phases: readonly (readonly Phased[])[]): boolean {
  const all = new Set(phases.flatMap((p) => p.map(positionKey)));
  return phases.every((p) => {
    const own = new Set(p.map(positionKey)).size;
    return own >= 2 && own > MIN_PHASE_COVERAGE * all.size;
  });
}

/**
 * The phase value one series holds throughout, by each kind: for merging one series per phase. Null for
 * a kind some frame lacks or that varies within the series.
 */
export function constantPhase(frames: readonly Phased[]): Record<PhaseKind, number | null> {
  const out = {} as Record<PhaseKind, number | null>;
  for (const { kind, value, step } of KINDS) {
    const keys = new Set(
      frames.map((f) => (f.phase && value(f.phase) !== null ? keyOf(value(f.phase) as number, step) : null)),
    );
    const only = keys.size === 1 ? [...keys][0] : null;
    out[kind] = only ?? null;
  }
  return out;
}

/**
 * Which of several series (same frame of reference, size and orientation) are the phases of one
 * acquisition: the first kind every series holds constant, with a different value in each, and each
 * covering most positions. Null when they are not (other reconstructions, other scans).
 */
export function phaseKindAcross(series: readonly (readonly Phased[])[]): PhaseKind | null {
  if (series.length < 2 || !coversAcquisition(series)) return null;
  const constants = series.map(constantPhase);
  for (const { kind } of KINDS) {
    const values = constants.map((c) => c[kind]);
    if (values.some((v) => v === null)) continue;
    if (new Set(values).size === values.length) return kind;
  }
  return null;
}

/** A phase's representative value of an attribute: the median over its frames, or null when one lacks it. */
export function phaseValue(frames: readonly Phased[], pick: (p: FramePhase) => number | null): number | null {
  const values: number[] = [];
  for (const f of frames) {
    const v = f.phase ? pick(f.phase) : null;
    if (v === null) return null;
    values.push(v);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return Math.round((values[values.length >> 1] as number) * 10) / 10;
}
