import { CaseStatus as C, OrderStatus as O } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import {
  CASE_TRANSITIONS,
  type CaseAction,
  canBeCanceled,
  cancelDecision,
  caseStatusReason,
  isFinished,
  isRejectable,
  isUndelivered,
  isViewerAccessible,
  rejectDecision,
  transitionDecision,
} from './case-status.ts';
import { PERMISSIONS as P } from './permissions.ts';

const ALL_STATUSES = Object.values(C);
const facts = (status: (typeof C)[keyof typeof C], orders: number[] = [O.IN_PROGRESS], isResearch = false) => ({
  status,
  isResearch,
  orders: orders.map((s) => ({ status: s as (typeof O)[keyof typeof O] })),
});
const actor = (permissions: string[], isSharedToActor = false) => ({
  permissions: new Set(permissions),
  isSharedToActor,
});

describe('case transitions (spec §4): every status, allowed and refused', () => {
  const allowedFrom: Record<CaseAction, number[]> = {
    submit: [C.CREATED, C.INVALID_INPUT],
    startProcessing: [C.SUBMITTED],
    markInvalidInput: [C.SUBMITTED],
    markNotProcessable: [C.SUBMITTED, C.IN_PROGRESS],
    cancel: [C.CREATED, C.SUBMITTED, C.INVALID_INPUT],
    cancelUnderEvaluation: [C.IN_PROGRESS],
    reject: [C.IN_PROGRESS],
    complete: [],
    reopen: [],
    reopenForNewDelivery: [],
    reprocess: [C.INVALID_INPUT, C.COULD_NOT_BE_PROCESSED],
  };
  for (const action of Object.keys(allowedFrom) as CaseAction[]) {
    for (const status of ALL_STATUSES) {
      // Guards are tested below; here every order is in progress and the case is not research.
      const expected = allowedFrom[action].includes(status);
      it(`${action} from ${status} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(transitionDecision(action, facts(status)).allowed).toBe(expected);
      });
    }
  }

  it('names the current status when refusing', () => {
    expect(transitionDecision('reject', facts(C.CANCELED))).toEqual({
      allowed: false,
      reason: 'This case is canceled.',
    });
  });

  it('completes an in-progress case only when every open order is delivered', () => {
    expect(transitionDecision('complete', facts(C.IN_PROGRESS, [O.DELIVERED, O.OBSOLETED, O.CANCELED])).allowed).toBe(
      true,
    );
    expect(transitionDecision('complete', facts(C.IN_PROGRESS, [O.DELIVERED, O.IN_PROGRESS])).allowed).toBe(false);
    expect(transitionDecision('complete', facts(C.IN_PROGRESS, [O.CANCELED])).allowed).toBe(false);
    expect(transitionDecision('complete', facts(C.SUBMITTED, [O.DELIVERED])).allowed).toBe(false);
  });

  it('reopens only a completed research case', () => {
    expect(transitionDecision('reopen', facts(C.COMPLETED, [O.IN_PROGRESS], true)).allowed).toBe(true);
    expect(transitionDecision('reopen', facts(C.COMPLETED, [O.IN_PROGRESS], false)).allowed).toBe(false);
  });

  it('reopens a completed case for a new delivery only when one of its deliveries was obsoleted', () => {
    expect(transitionDecision('reopenForNewDelivery', facts(C.COMPLETED, [O.OBSOLETED]))).toEqual({ allowed: true });
    expect(transitionDecision('reopenForNewDelivery', facts(C.COMPLETED, [O.DELIVERED, O.OBSOLETED])).allowed).toBe(
      true,
    );
    expect(transitionDecision('reopenForNewDelivery', facts(C.COMPLETED, [O.DELIVERED]))).toEqual({
      allowed: false,
      reason: 'Only a case with an obsoleted delivery can be ordered again.',
    });
    expect(transitionDecision('reopenForNewDelivery', facts(C.IN_PROGRESS, [O.OBSOLETED])).allowed).toBe(false);
    expect(CASE_TRANSITIONS.reopenForNewDelivery.to).toBe(C.IN_PROGRESS);
  });

  it('ends every cancel and reject in a finished status (irreversible: no transition leaves them)', () => {
    for (const action of ['cancel', 'cancelUnderEvaluation', 'reject'] as const) {
      expect(isFinished(CASE_TRANSITIONS[action].to)).toBe(true);
    }
    for (const transition of Object.values(CASE_TRANSITIONS)) {
      expect(transition.from).not.toContain(C.CANCELED);
      expect(transition.from).not.toContain(C.REJECTED);
    }
  });
});

describe('cancel (spec §4)', () => {
  const cancelOnly = actor([P.cancelCase]);
  const underEvaluation = actor([P.cancelUnderEvaluationCase]);
  it.each([
    ['created, cancel permission', facts(C.CREATED), cancelOnly, 'cancel'],
    ['submitted, cancel permission', facts(C.SUBMITTED), cancelOnly, 'cancel'],
    [
      'in progress, all orders in progress, under-evaluation permission',
      facts(C.IN_PROGRESS, [O.IN_PROGRESS, O.IN_PROGRESS]),
      underEvaluation,
      'cancelUnderEvaluation',
    ],
  ] as const)('allows %s', (_, f, a, action) => {
    expect(cancelDecision(f, a)).toEqual({ allowed: true, action });
  });

  it.each([
    ['created without the cancel permission', facts(C.CREATED), underEvaluation, true],
    ['in progress with only the cancel permission', facts(C.IN_PROGRESS), cancelOnly, true],
    ['in progress with a delivered order', facts(C.IN_PROGRESS, [O.IN_PROGRESS, O.DELIVERED]), underEvaluation, false],
    ['in progress with a canceled order', facts(C.IN_PROGRESS, [O.CANCELED]), underEvaluation, false],
    ['completed', facts(C.COMPLETED, [O.DELIVERED]), actor([P.cancelCase, P.cancelUnderEvaluationCase]), false],
    ['already canceled', facts(C.CANCELED), actor([P.cancelCase, P.cancelUnderEvaluationCase]), false],
    ['rejected', facts(C.REJECTED), actor([P.cancelCase, P.cancelUnderEvaluationCase]), false],
    ['shared to the actor', facts(C.CREATED), actor([P.cancelCase], true), true],
  ] as const)('refuses %s', (_, f, a, forbidden) => {
    const decision = cancelDecision(f, a);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.forbidden).toBe(forbidden);
    expect(canBeCanceled(f, a)).toBe(false);
  });
});

describe('reject (spec §4)', () => {
  const analyst = actor([P.addCaseRejection]);
  it('allows an in-progress case without delivered orders', () => {
    expect(rejectDecision(facts(C.IN_PROGRESS, [O.IN_PROGRESS, O.CANCELED]), analyst).allowed).toBe(true);
    expect(isRejectable(facts(C.IN_PROGRESS))).toBe(true);
  });
  it.each([
    ['a delivered order', facts(C.IN_PROGRESS, [O.DELIVERED]), analyst],
    ['a submitted case', facts(C.SUBMITTED), analyst],
    ['a completed case', facts(C.COMPLETED, [O.DELIVERED]), analyst],
    ['no permission', facts(C.IN_PROGRESS), actor([])],
  ] as const)('refuses with %s', (_, f, a) => {
    expect(rejectDecision(f, a).allowed).toBe(false);
  });
});

describe('finished, undelivered and viewer access (spec §4)', () => {
  it.each(ALL_STATUSES)('status %i is finished only when completed, canceled or rejected', (status) => {
    expect(isFinished(status)).toBe(status === C.COMPLETED || status === C.CANCELED || status === C.REJECTED);
  });

  it('is undelivered with no delivered order and not finished', () => {
    expect(isUndelivered(facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toBe(true);
    expect(isUndelivered(facts(C.IN_PROGRESS, [O.DELIVERED]))).toBe(false);
    expect(isUndelivered(facts(C.CANCELED, [O.CANCELED]))).toBe(false);
  });

  it.each([
    [C.IN_PROGRESS, true, false, true],
    [C.COMPLETED, true, false, true],
    [C.SUBMITTED, true, false, false],
    [C.REJECTED, true, false, false],
    [C.IN_PROGRESS, false, false, false],
    [C.IN_PROGRESS, true, true, false],
  ])('status %i, study %s, denied %s → viewer %s', (status, hasStudy, accessDenied, expected) => {
    expect(isViewerAccessible({ status, hasStudy, accessDenied })).toBe(expected);
  });
});

describe('caseStatusReason', () => {
  it('explains every status in a sentence, never with the bare status word "created" or "submitted"', () => {
    for (const status of Object.values(C)) {
      const reason = caseStatusReason(status);
      expect(reason).toMatch(/^[A-Z].*\.$/);
      expect(reason).not.toMatch(/is (created|submitted)\./);
    }
    expect(caseStatusReason(C.CREATED)).toBe('This case is still waiting for its images.');
  });
});
