import type { ViewerLoad, ViewerPhase } from '@cardiomap/contract';
import { ASSUMED_RR_INTERVAL_MS, DEFAULT_PHASE_RULES } from '@cardiomap/domain';

/** The systolic window annulus sizing is read in (TAVI's row of the default-phase table). */
const SYSTOLE = DEFAULT_PHASE_RULES.TAVI?.window ?? { name: 'systole', from: 20, to: 45 };

/** The phase the viewer opens on: the study's default, else the first; null before ingest. */
export function defaultViewerPhase(load: Pick<ViewerLoad, 'phases'>): ViewerPhase | null {
  return load.phases.find((phase) => phase.isDefault) ?? load.phases[0] ?? null;
}

/** What the selector says of a phase: its label, with the percentage and trigger time it has. */
export function phaseOptionText(phase: ViewerPhase): string {
  const parts = [phase.label];
  if (phase.percent !== null && !phase.label.includes('%')) parts.push(`${phase.percent} %`);
  if (phase.triggerTimeMs !== null && !phase.label.includes('ms')) parts.push(`${phase.triggerTimeMs} ms`);
  return parts.join(' · ') + (phase.isDefault ? ' (default)' : '');
}

/** Position in the R-R interval (%): the nominal percentage, else the trigger time over the assumed R-R. */
function positionPercent(phase: Pick<ViewerPhase, 'percent' | 'triggerTimeMs'>): number | null {
  if (phase.percent !== null) return phase.percent;
  if (phase.triggerTimeMs !== null) return (phase.triggerTimeMs / ASSUMED_RR_INTERVAL_MS) * 100;
  return null;
}

export function isSystolicPhase(phase: Pick<ViewerPhase, 'percent' | 'triggerTimeMs'>): boolean {
  const at = positionPercent(phase);
  return at !== null && at >= SYSTOLE.from && at <= SYSTOLE.to;
}

/** Diastolic: at or past 50 %, or outside the systolic window; unknown position is neither. */
export function isDiastolicPhase(phase: Pick<ViewerPhase, 'percent' | 'triggerTimeMs'>): boolean {
  const at = positionPercent(phase);
  return at !== null && (at >= 50 || !isSystolicPhase(phase));
}

/**
 * Issue 28: the aortic annulus is sized in systole. Placing an annulus on a diastolic phase while the
 * study has a systolic one gets a planning note naming the systolic phases; otherwise null.
 */
export function annulusPhaseNote(
  landmarkName: string,
  current: ViewerPhase | null,
  phases: readonly ViewerPhase[],
): string | null {
  if (!current || !/annulus/i.test(landmarkName) || !isDiastolicPhase(current)) return null;
  const systolic = phases.filter(isSystolicPhase);
  if (systolic.length === 0) return null;
  return (
    `Planning note: the annulus is sized in ${SYSTOLE.name} (${SYSTOLE.from}–${SYSTOLE.to} %); ` +
    `this is ${current.label}. Systolic phase(s): ${systolic.map((p) => p.label).join(', ')}.`
  );
}
