/**
 * Where in the heart cycle each frame was reconstructed (issue 28: ECG-gated CT holds several phases at
 * the same table positions). Classic images carry it at the top level; enhanced multi-frame images in the
 * functional groups: Cardiac Synchronization (0018,9118) and Frame Content (0020,9111), per frame, else
 * shared.
 */
import type { DataSet } from 'dicom-parser';
import type { FramePhase } from '../types.ts';
import { firstItem, firstNumber, text } from './data-set-values.ts';

const TAG = {
  triggerTime: 'x00181060', // DS, ms after the R wave
  imageTriggerDelay: 'x00181067', // DS, ms
  nominalInterval: 'x00181062', // IS, ms: the R-R interval
  heartRate: 'x00181088', // IS, beats per minute
  temporalPositionIdentifier: 'x00200100', // IS
  temporalPositionIndex: 'x00209128', // UL
  nominalCardiacTriggerDelay: 'x00209153', // FD, ms
  actualCardiacTriggerDelay: 'x00209252', // FD, ms
  nominalPercentOfCardiacPhase: 'x00209241', // FL
  cardiacSynchronization: 'x00189118',
  frameContent: 'x00209111',
  sharedGroups: 'x52009229',
  perFrameGroups: 'x52009230',
};

/** The phase attributes of every frame (one entry for a single-frame image), and the R-R interval if told. */
export function readCardiacPhases(
  ds: DataSet,
  numberOfFrames: number,
): { phases: FramePhase[]; rrIntervalMs?: number } {
  const perFrame = ds.elements[TAG.perFrameGroups]?.items;
  const shared = firstItem(ds, TAG.sharedGroups);
  const phases: FramePhase[] = [];
  const intervals: number[] = [];
  const enhanced = perFrame !== undefined || shared !== undefined;
  for (let i = 0; i < (enhanced ? numberOfFrames : 1); i++) {
    const own = perFrame?.[i]?.dataSet;
    const sync = firstItem(own, TAG.cardiacSynchronization) ?? firstItem(shared, TAG.cardiacSynchronization);
    const content = firstItem(own, TAG.frameContent) ?? firstItem(shared, TAG.frameContent);
    const phase = readPhase([sync, content, ds]);
    phases.push(phase);
    const rr = rrInterval([sync, ds]);
    if (rr !== undefined) intervals.push(rr);
  }
  // A classic image with several frames shares one set of attributes.
  while (phases.length < numberOfFrames) phases.push(phases[0] as FramePhase);
  return intervals.length > 0 ? { phases, rrIntervalMs: intervals[0] } : { phases };
}

/** The first of the data sets (most specific first) that holds each attribute gives it. */
function readPhase(sets: readonly (DataSet | undefined)[]): FramePhase {
  const first = (read: (d: DataSet) => number | undefined) => {
    for (const d of sets) {
      const v = d ? read(d) : undefined;
      if (v !== undefined) return v;
    }
    return null;
  };
  const percent = first((d) => inRange(binaryOrText(d, TAG.nominalPercentOfCardiacPhase), 0, 100));
  const trigger = first(
    (d) =>
      inRange(firstNumber(d, TAG.triggerTime), 0, 10_000) ??
      inRange(binaryOrText(d, TAG.nominalCardiacTriggerDelay), 0, 10_000) ??
      inRange(firstNumber(d, TAG.imageTriggerDelay), 0, 10_000),
  );
  const index = first((d) => uint32(d, TAG.temporalPositionIndex));
  const identifier = first((d) => integer(text(d, TAG.temporalPositionIdentifier)));
  return { percent, triggerTimeMs: trigger, temporalIndex: index, temporalIdentifier: identifier };
}

function rrInterval(sets: readonly (DataSet | undefined)[]): number | undefined {
  for (const d of sets) {
    const interval = inRange(firstNumber(d, TAG.nominalInterval), 200, 3000);
    if (interval !== undefined) return interval;
    const rate = inRange(firstNumber(d, TAG.heartRate), 20, 300);
    if (rate !== undefined) return Math.round(60_000 / rate);
  }
  return undefined;
}

const inRange = (v: number | undefined, lo: number, hi: number) =>
  v !== undefined && Number.isFinite(v) && v >= lo && v <= hi ? v : undefined;

const integer = (s: string | undefined) => {
  const n = s === undefined ? Number.NaN : Number(s);
  return Number.isInteger(n) ? n : undefined;
};

/**
 * An FL or FD value, or the same as text (DS) as some writers put it. Without an explicit VR a 4- or
 * 8-byte value is taken as binary unless that reads as nonsense (ASCII digits read as a float are
 * denormal-small), then as text.
 */
function binaryOrText(d: DataSet, tag: string): number | undefined {
  const el = d.elements[tag];
  if (!el?.length) return undefined;
  if (el.vr === 'DS' || el.vr === 'IS') return firstNumber(d, tag);
  const binary = el.vr === 'FL' || (!el.vr && el.length === 4) ? d.float(tag) : undefined;
  const double = el.vr === 'FD' || (!el.vr && el.length === 8) ? d.double(tag) : undefined;
  const v = binary ?? double;
  if (v !== undefined && Number.isFinite(v) && (v === 0 || (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6))) return v;
  return el.vr ? undefined : firstNumber(d, tag);
}

function uint32(d: DataSet, tag: string): number | undefined {
  const el = d.elements[tag];
  if (!el || el.length < 4) return undefined;
  if (el.vr && el.vr !== 'UL' && el.vr !== 'UN') return integer(text(d, tag));
  return d.uint32(tag);
}
