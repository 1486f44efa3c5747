import type { CaseStatus } from '@cardiomap/contract';
import { CASE_TRANSITIONS, type CaseAction, transitionDecision } from '@cardiomap/domain';
import type { Tx } from '../../db/client.ts';
import { type Query, queryOn } from '../../db/query.ts';
import { recordAudit } from '../audit/index.ts';
import { cancelOpenOrders } from '../orders/index.ts';
import { applyTransition, lockCaseFacts } from './repository.ts';

export interface CaseTransitionOptions {
  /** Who acts: a user's id, or null for the system (the ingest job). */
  by: string | null;
  ip?: string;
  /** Columns the transition writes beside the status (reject: the analyst's comment and the reason). */
  extra?: { analystComment?: string; rejectionReasonId?: string };
  /** What the audit event says beyond the statuses. */
  details?: Record<string, unknown>;
  /** The transition's notifications, written in its transaction only if it applies. */
  notify?: (query: Query) => Promise<(string | null)[]>;
}

export type CaseTransitionOutcome =
  | { applied: true; from: CaseStatus; to: CaseStatus; mails: (string | null)[] }
  /** Refused as the case stands now (its status or a guard), or the case is gone (`status` undefined). */
  | { applied: false; status: CaseStatus | undefined; reason: string };

/** The audit action of each transition; both kinds of cancel are one event to the reader of the log. */
const AUDIT_ACTIONS: Record<CaseAction, string> = {
  submit: 'case.submit',
  startProcessing: 'case.start_processing',
  markInvalidInput: 'case.mark_invalid_input',
  markNotProcessable: 'case.mark_not_processable',
  reprocess: 'case.reprocess',
  cancel: 'case.cancel',
  cancelUnderEvaluation: 'case.cancel',
  reject: 'case.reject',
  complete: 'case.complete',
  reopen: 'case.reopen',
  reopenForNewDelivery: 'case.reopen_for_new_delivery',
};

/** Transitions that end a case: its orders still open end with it (spec §4). */
const CLOSING: readonly CaseAction[] = ['cancel', 'cancelUnderEvaluation', 'reject'];

/**
 * The one door to the case state machine (spec §4, issue 29). Inside the caller's transaction it locks
 * the case row, reads the case and its orders as they are now, takes the decision from the domain table,
 * writes the status only from the statuses the transition may leave, closes the open orders of a case
 * that ends, records the audit event and writes the notifications. The caller dispatches `mails` after
 * its commit. A refusal changes nothing and answers why: HTTP callers turn it into a 409, the ingest job
 * into "the case moved on without me".
 */
export async function applyCaseTransition(
  tx: Tx,
  caseId: string,
  action: CaseAction,
  options: CaseTransitionOptions,
): Promise<CaseTransitionOutcome> {
  const query = queryOn(tx);
  const facts = await lockCaseFacts(query, caseId);
  if (!facts) return { applied: false, status: undefined, reason: 'This case no longer exists.' };
  const decision = transitionDecision(action, facts);
  if (!decision.allowed) return { applied: false, status: facts.status, reason: decision.reason };
  const { from, to } = CASE_TRANSITIONS[action];
  const dateCompleted =
    action === 'complete' ? 'now' : action === 'reopen' || action === 'reopenForNewDelivery' ? 'clear' : 'keep';
  // The row is locked, so the guard holds; it stays as the statement's own statement of the rule.
  if (!(await applyTransition(query, caseId, from, to, { ...options.extra, dateCompleted }))) {
    return { applied: false, status: facts.status, reason: 'This case was changed in the meantime.' };
  }
  if (CLOSING.includes(action)) await cancelOpenOrders(tx, caseId);
  await recordAudit(tx, {
    actorId: options.by,
    action: AUDIT_ACTIONS[action],
    targetType: 'case',
    targetId: caseId,
    organisationId: facts.organisationId,
    ip: options.ip,
    details: { from: facts.status, to, ...options.details },
  });
  const mails = options.notify ? await options.notify(query) : [];
  return { applied: true, from: facts.status, to, mails };
}
