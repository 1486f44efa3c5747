/**
 * ECG-gated CT reconstructs the heart at several phases of the R-R interval (issue 28). Which phase a
 * case opens on, and is planned on, depends on the intervention: each structure is measured where it is
 * largest (or, for an obstruction risk, smallest). The rule is a table so it can be read and checked.
 */

export interface DefaultPhaseRule {
  /** Nominal percentage of the R-R interval aimed at. */
  targetPercent: number;
  /** The cardiac window the target lies in (percent of R-R, inclusive), named for the job log. */
  window: { name: string; from: number; to: number };
  rationale: string;
}

/**
 * Sources (the clinical literature the issue's rule follows; cited from memory, confirm before quoting):
 * - TAVI: Blanke P. et al., "Computed tomography imaging in the context of TAVI/TAVR: an expert consensus
 *   document of the SCCT", J Cardiovasc Comput Tomogr 2019 — the annulus is larger in systole; measure
 *   it at 30–40 % of the R-R interval.
 * - LAAO: Korsholm K. et al., "Expert recommendations on cardiac computed tomography for planning
 *   transcatheter left atrial appendage occlusion", JACC Cardiovasc Interv 2020 — the left atrium and
 *   appendage are largest at ventricular end-systole (about 40 %).
 * - TMVR: Blanke P. et al., "Predicting LVOT obstruction in transcatheter mitral valve implantation:
 *   concepts and considerations", JACC Cardiovasc Imaging 2017 — the neo-LVOT is assessed at
 *   end-systole, where it is smallest.
 * - Otherwise: mid-diastole (75 %), the least cardiac motion and the usual single reconstruction.
 * The targets are issue 28's rule; staff may change the default phase of a study (audited).
 */
export const DEFAULT_PHASE_RULES: Readonly<Record<string, DefaultPhaseRule>> = {
  TAVI: {
    targetPercent: 35,
    window: { name: 'systole', from: 20, to: 45 },
    rationale: 'the aortic annulus is largest in systole',
  },
  LAAO: {
    targetPercent: 40,
    window: { name: 'ventricular end-systole', from: 30, to: 50 },
    rationale: 'the left atrium and appendage are largest at ventricular end-systole',
  },
  TMVR: {
    targetPercent: 40,
    window: { name: 'end-systole', from: 30, to: 50 },
    rationale: 'the neo-LVOT is smallest at end-systole, the worst case for LVOT obstruction',
  },
};

/** Any other intervention (TPVR, TTVR …) or none known. */
export const FALLBACK_PHASE_RULE: DefaultPhaseRule = {
  targetPercent: 75,
  window: { name: 'mid-diastole', from: 60, to: 85 },
  rationale: 'mid-diastole has the least cardiac motion',
};

/**
 * With trigger times only and no R-R interval known, they are read against this one (60 bpm): systole
 * lasts about 300–400 ms whatever the heart rate, so systolic targets land where they should; a
 * diastolic target is approximate at other rates, and the reason says the R-R was assumed.
 */
export const ASSUMED_RR_INTERVAL_MS = 1000;

export interface PhaseTiming {
  percent: number | null;
  triggerTimeMs: number | null;
}

export interface DefaultPhaseChoice {
  index: number;
  reason: string;
}

export function defaultPhaseRuleFor(intervention: string | null | undefined): DefaultPhaseRule {
  const key = intervention?.trim().toUpperCase() ?? '';
  return DEFAULT_PHASE_RULES[key] ?? FALLBACK_PHASE_RULE;
}

/**
 * The phase a study opens on. Each phase's position in the R-R interval is, in this order: its nominal
 * percentage; its trigger time against the R-R interval (`rrIntervalMs` when the images tell it, else
 * ASSUMED_RR_INTERVAL_MS); with neither, its place in the list (phases in cardiac order, spread evenly
 * over the cycle). The nearest to the rule's target wins, the earlier phase on a tie.
 */
export function chooseDefaultPhase(
  intervention: string | null | undefined,
  phases: readonly PhaseTiming[],
  options: { rrIntervalMs?: number | null } = {},
): DefaultPhaseChoice {
  if (phases.length === 0) throw new Error('chooseDefaultPhase: no phases');
  const rule = defaultPhaseRuleFor(intervention);
  const name = intervention?.trim() ? intervention.trim().toUpperCase() : 'no intervention known';
  if (phases.length === 1) return { index: 0, reason: 'the only phase' };
  const rr = options.rrIntervalMs && options.rrIntervalMs > 0 ? options.rrIntervalMs : null;
  const how = phases.every((p) => p.percent !== null)
    ? 'percent'
    : phases.every((p) => p.triggerTimeMs !== null)
      ? 'trigger'
      : 'order';
  const positionOf = (p: PhaseTiming, i: number): number =>
    how === 'percent'
      ? (p.percent as number)
      : how === 'trigger'
        ? ((p.triggerTimeMs as number) / (rr ?? ASSUMED_RR_INTERVAL_MS)) * 100
        : (i / phases.length) * 100;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  phases.forEach((p, i) => {
    const distance = Math.abs(positionOf(p, i) - rule.targetPercent);
    // Rounded so that float noise (35.000001 against 34.999999) never decides a tie.
    const rounded = Math.round(distance * 1000) / 1000;
    if (rounded < bestDistance) {
      best = i;
      bestDistance = rounded;
    }
  });
  const chosen = phases[best] as PhaseTiming;
  const at = Math.round(positionOf(chosen, best) * 10) / 10;
  const inWindow = at >= rule.window.from && at <= rule.window.to;
  const basis =
    how === 'percent'
      ? ''
      : how === 'trigger'
        ? rr
          ? ` (trigger ${chosen.triggerTimeMs} ms of an R-R interval of ${rr} ms)`
          : ` (trigger ${chosen.triggerTimeMs} ms; no R-R interval in the images, ${ASSUMED_RR_INTERVAL_MS} ms assumed)`
        : ' (no percentage or trigger time in the images: phases taken as evenly spread over the cycle)';
  const where = inWindow
    ? `in ${rule.window.name}`
    : `no phase lies in ${rule.window.name} (${rule.window.from}–${rule.window.to} %), nearest taken`;
  return {
    index: best,
    reason: `${name}: the phase nearest ${rule.targetPercent} % (${rule.rationale}): ${phaseLabel({ percent: chosen.percent, triggerTimeMs: chosen.triggerTimeMs, ordinal: best + 1 })} at ${at} %${basis}, ${where}`,
  };
}

/** '40 %', else '350 ms', else 'Phase 3' (ordinal is 1-based). */
export function phaseLabel(p: { percent: number | null; triggerTimeMs: number | null; ordinal: number }): string {
  if (p.percent !== null && Number.isFinite(p.percent)) return `${round1(p.percent)} %`;
  if (p.triggerTimeMs !== null && Number.isFinite(p.triggerTimeMs)) return `${Math.round(p.triggerTimeMs)} ms`;
  return `Phase ${p.ordinal}`;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
