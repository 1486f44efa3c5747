import { CaseStatus as C, OrderStatus as O } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from './permissions.ts';
import {
  cancelAction,
  degradeAction,
  deliverAction,
  duplicateOrderAction,
  interpolationAction,
  obsoleteAction,
  rejectAction,
  type StaffCaseFacts,
  shareAction,
  studyOptionsAction,
  undeliverAction,
} from './staff-actions.ts';

const perms = (...codes: string[]) => new Set(codes);
const manager = perms(
  P.addDelivery,
  P.deleteDelivery,
  P.addDegradation,
  P.duplicateOrder,
  P.addCaseRejection,
  P.cancelUnderEvaluationCase,
  P.processNonResearchCase,
  P.processResearchCase,
  P.changeStudy,
  P.changeStudyResource,
);
const facts = (status: number, orders: number[], extra: Partial<StaffCaseFacts> = {}): StaffCaseFacts => ({
  status: status as StaffCaseFacts['status'],
  isResearch: false,
  isSharedToActor: false,
  hasStudy: true,
  orders: orders.map((s) => ({ status: s as O })),
  ...extra,
});
const order = (status: number, degradation: unknown = null) => ({ status: status as O, degradation });

describe('staff actions on the case detail (issue 17 §1)', () => {
  it('shows deliver only to those who may deliver, for orders in progress', () => {
    const kase = facts(C.IN_PROGRESS, [O.IN_PROGRESS]);
    expect(deliverAction(manager, kase, order(O.IN_PROGRESS))).toEqual({ show: true, allowed: true });
    expect(deliverAction(perms(P.processNonResearchCase), kase, order(O.IN_PROGRESS))).toEqual({ show: false });
    expect(deliverAction(manager, kase, order(O.DELIVERED))).toEqual({ show: false });
  });

  it('says why deliver is disabled: case not in progress, or no processing permission', () => {
    expect(deliverAction(manager, facts(C.SUBMITTED, [O.IN_PROGRESS]), order(O.IN_PROGRESS))).toEqual({
      show: true,
      allowed: false,
      reason: 'Results can be delivered only while the case is in progress.',
    });
    const research = facts(C.IN_PROGRESS, [O.IN_PROGRESS], { isResearch: true });
    expect(deliverAction(perms(P.addDelivery, P.processNonResearchCase), research, order(O.IN_PROGRESS))).toEqual({
      show: true,
      allowed: false,
      reason: 'You do not have permission to process research cases.',
    });
  });

  it('allows undeliver only for research cases, obsolete for any delivered order', () => {
    const delivered = order(O.DELIVERED);
    const clinical = facts(C.COMPLETED, [O.DELIVERED]);
    expect(undeliverAction(manager, clinical, delivered)).toEqual({
      show: true,
      allowed: false,
      reason: 'Only deliveries of research cases can be taken back: mark the case as research in "Edit case" first.',
    });
    expect(undeliverAction(manager, { ...clinical, isResearch: true }, delivered)).toEqual({
      show: true,
      allowed: true,
    });
    expect(undeliverAction(manager, clinical, order(O.IN_PROGRESS))).toEqual({ show: false });
    expect(obsoleteAction(manager, clinical, delivered)).toEqual({ show: true, allowed: true });
    expect(obsoleteAction(manager, clinical, order(O.OBSOLETED))).toEqual({ show: false });
  });

  it('degrades once, only results in progress or delivered', () => {
    expect(degradeAction(manager, order(O.IN_PROGRESS))).toEqual({ show: true, allowed: true });
    expect(degradeAction(manager, order(O.DELIVERED, { remark: 'x' }))).toMatchObject({
      allowed: false,
      reason: 'This analysis is already marked non-clinical.',
    });
    expect(degradeAction(manager, order(O.CANCELED))).toEqual({ show: false });
    expect(degradeAction(perms(), order(O.IN_PROGRESS))).toEqual({ show: false });
  });

  it('rejects only in progress with nothing delivered, and never a case shared to the user', () => {
    expect(rejectAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({ show: true, allowed: true });
    expect(rejectAction(manager, facts(C.IN_PROGRESS, [O.DELIVERED, O.IN_PROGRESS]))).toMatchObject({
      allowed: false,
      reason: 'A case with a delivered analysis cannot be rejected.',
    });
    expect(rejectAction(manager, facts(C.CREATED, [O.IN_PROGRESS]))).toMatchObject({
      reason: 'This case is still waiting for its images.',
    });
    expect(rejectAction(manager, facts(C.IN_PROGRESS, [], { isSharedToActor: true }))).toEqual({ show: false });
  });

  it('duplicates orders of unfinished cases only', () => {
    expect(duplicateOrderAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({ show: true, allowed: true });
    expect(duplicateOrderAction(manager, facts(C.COMPLETED, [O.DELIVERED]))).toMatchObject({
      reason: 'This case is finished.',
    });
  });

  it('duplicates the obsoleted order of a completed case, to deliver anew (issue 30 §2)', () => {
    const obsoleted = facts(C.COMPLETED, [O.OBSOLETED, O.DELIVERED]);
    expect(duplicateOrderAction(manager, obsoleted, { status: O.OBSOLETED })).toEqual({ show: true, allowed: true });
    expect(duplicateOrderAction(manager, obsoleted, { status: O.DELIVERED })).toMatchObject({
      reason: 'This case is finished.',
    });
    expect(duplicateOrderAction(manager, facts(C.CANCELED, [O.OBSOLETED]), { status: O.OBSOLETED })).toMatchObject({
      allowed: false,
    });
  });

  it('cancels per spec §4 for either cancel permission; physicians may give up a case with invalid input', () => {
    expect(cancelAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({ show: true, allowed: true });
    expect(cancelAction(manager, facts(C.IN_PROGRESS, [O.DELIVERED]))).toMatchObject({
      reason: 'A case with delivered or canceled analyses cannot be canceled.',
    });
    expect(cancelAction(perms(P.cancelCase), facts(C.INVALID_INPUT, [O.IN_PROGRESS]))).toEqual({
      show: true,
      allowed: true,
    });
    expect(cancelAction(perms(), facts(C.CREATED, [O.IN_PROGRESS]))).toEqual({ show: false });
  });

  it('shares only cases not shared to the user', () => {
    expect(shareAction(perms(P.addSharedCase), facts(C.CREATED, []))).toEqual({ show: true, allowed: true });
    expect(shareAction(perms(P.addSharedCase), facts(C.CREATED, [], { isSharedToActor: true }))).toEqual({
      show: false,
    });
  });

  it('offers study options with a study; the interpolation only while undelivered and unfinished', () => {
    expect(studyOptionsAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS], { hasStudy: false }))).toEqual({
      show: false,
    });
    expect(studyOptionsAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({ show: true, allowed: true });
    // The server refuses the study writes to a case reached only by a share (sharedOnly): no button either.
    expect(studyOptionsAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS], { isSharedToActor: true }))).toEqual({
      show: false,
    });
    // Analysts set interpolation in the viewer (simulations.change_studyresource) but not the case options.
    expect(studyOptionsAction(perms(P.changeStudyResource), facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({
      show: false,
    });
    expect(interpolationAction(manager, facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toEqual({ show: true, allowed: true });
    expect(interpolationAction(manager, facts(C.IN_PROGRESS, [O.DELIVERED, O.IN_PROGRESS]))).toMatchObject({
      allowed: false,
    });
    expect(interpolationAction(perms(P.changeStudy), facts(C.IN_PROGRESS, [O.IN_PROGRESS]))).toMatchObject({
      reason: 'You do not have permission to change the interpolation type.',
    });
  });
});
