import { describe, expect, it } from 'vitest';
import {
  ASSUMED_RR_INTERVAL_MS,
  chooseDefaultPhase,
  DEFAULT_PHASE_RULES,
  defaultPhaseRuleFor,
  FALLBACK_PHASE_RULE,
  phaseLabel,
} from './cardiac-phases.ts';

const percents = (...values: number[]) => values.map((percent) => ({ percent, triggerTimeMs: null }));
const triggers = (...values: number[]) => values.map((triggerTimeMs) => ({ percent: null, triggerTimeMs }));
const tenPhases = percents(0, 10, 20, 30, 40, 50, 60, 70, 80, 90);

describe('DEFAULT_PHASE_RULES', () => {
  it.each([
    ['TAVI', 35, 'systole'],
    ['LAAO', 40, 'ventricular end-systole'],
    ['TMVR', 40, 'end-systole'],
  ])('%s aims at %i % in %s, inside its own window', (intervention, target, window) => {
    const rule = DEFAULT_PHASE_RULES[intervention];
    expect(rule).toMatchObject({ targetPercent: target, window: { name: window } });
    expect(rule?.window.from).toBeLessThanOrEqual(target);
    expect(rule?.window.to).toBeGreaterThanOrEqual(target);
  });

  it.each(['TPVR', 'TTVR', 'SOMETHING', '', null, undefined])('falls back to mid-diastole (75 %%) for %s', (i) => {
    expect(defaultPhaseRuleFor(i)).toBe(FALLBACK_PHASE_RULE);
    expect(FALLBACK_PHASE_RULE.targetPercent).toBe(75);
  });

  it('reads the intervention code whatever its case and padding', () => {
    expect(defaultPhaseRuleFor(' tavi ')).toBe(DEFAULT_PHASE_RULES.TAVI);
  });
});

describe('chooseDefaultPhase', () => {
  it.each([
    ['TAVI', 3, '30 %'], // 30 and 40 are both 5 from 35: the earlier phase wins the tie
    ['LAAO', 4, '40 %'],
    ['TMVR', 4, '40 %'],
    ['TPVR', 7, '70 %'], // 70 and 80 tie around 75: the earlier
    [null, 7, '70 %'],
  ])('%s on phases 0–90 %% picks phase %i (%s)', (intervention, index, label) => {
    const choice = chooseDefaultPhase(intervention, tenPhases);
    expect(choice.index).toBe(index);
    expect(choice.reason).toContain(label);
  });

  it('names the rule, its rationale and the window in its reason', () => {
    const { reason } = chooseDefaultPhase('TAVI', tenPhases);
    expect(reason).toBe(
      'TAVI: the phase nearest 35 % (the aortic annulus is largest in systole): 30 % at 30 %, in systole',
    );
  });

  it('says so when no phase lies in the window, and takes the nearest', () => {
    const choice = chooseDefaultPhase('TAVI', percents(70, 75, 80));
    expect(choice.index).toBe(0);
    expect(choice.reason).toMatch(/no phase lies in systole \(20–45 %\), nearest taken/);
  });

  it('does not depend on the order ties come in beyond the phase list order', () => {
    expect(chooseDefaultPhase('TAVI', percents(40, 30)).index).toBe(0);
    expect(chooseDefaultPhase('TAVI', percents(30, 40)).index).toBe(0);
  });

  it('reads trigger times against the R-R interval when the images give it', () => {
    // At 75 bpm (800 ms), 35 % is 280 ms.
    const phases = triggers(0, 80, 160, 240, 320, 400, 480, 560, 640, 720);
    const choice = chooseDefaultPhase('TAVI', phases, { rrIntervalMs: 800 });
    expect(choice.index).toBe(3); // 240 ms = 30 % and 320 ms = 40 % tie: the earlier
    expect(choice.reason).toContain('of an R-R interval of 800 ms');
    expect(chooseDefaultPhase('LAAO', phases, { rrIntervalMs: 800 }).index).toBe(4);
  });

  it('assumes an R-R interval of 1000 ms with trigger times alone, and says so', () => {
    const choice = chooseDefaultPhase('LAAO', triggers(100, 250, 400, 550, 700));
    expect(ASSUMED_RR_INTERVAL_MS).toBe(1000);
    expect(choice.index).toBe(2);
    expect(choice.reason).toContain('no R-R interval in the images, 1000 ms assumed');
  });

  it('prefers percentages over trigger times when every phase has one', () => {
    const phases = [
      { percent: 70, triggerTimeMs: 350 },
      { percent: 40, triggerTimeMs: 700 },
    ];
    expect(chooseDefaultPhase('LAAO', phases).index).toBe(1);
  });

  it('spreads phases of unknown timing evenly over the cycle, and says so', () => {
    const unknown = Array.from({ length: 4 }, () => ({ percent: null, triggerTimeMs: null }));
    const choice = chooseDefaultPhase(null, unknown);
    expect(choice.index).toBe(3); // 0, 25, 50, 75 %
    expect(choice.reason).toContain('Phase 4');
    expect(choice.reason).toContain('evenly spread');
  });

  it('answers the only phase for a single phase, and refuses none', () => {
    expect(chooseDefaultPhase('TAVI', percents(75))).toEqual({ index: 0, reason: 'the only phase' });
    expect(() => chooseDefaultPhase('TAVI', [])).toThrow();
  });
});

describe('phaseLabel', () => {
  it('labels by percent, else trigger time, else ordinal', () => {
    expect(phaseLabel({ percent: 40, triggerTimeMs: 320, ordinal: 5 })).toBe('40 %');
    expect(phaseLabel({ percent: 37.25, triggerTimeMs: null, ordinal: 1 })).toBe('37.3 %');
    expect(phaseLabel({ percent: null, triggerTimeMs: 349.6, ordinal: 2 })).toBe('350 ms');
    expect(phaseLabel({ percent: null, triggerTimeMs: null, ordinal: 3 })).toBe('Phase 3');
  });
});
