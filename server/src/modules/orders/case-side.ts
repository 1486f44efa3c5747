import type { Case } from '@cardiomap/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';

/**
 * What orders needs of the case an order belongs to, from modules/cases. The cases module imports
 * orders (a new case places its first orders, an ending case cancels its open ones), so orders may not
 * import cases: app.ts hands these to the orders plugin.
 */
export interface CaseSide {
  /**
   * The case state machine's door (`applyCaseTransition`), for the two moves a delivery makes and the
   * reopening a duplicate of an obsoleted order makes (issue 30 #2).
   */
  applyCaseTransition(
    tx: Tx,
    caseId: string,
    action: 'complete' | 'reopen' | 'reopenForNewDelivery',
    options: { by: string; ip: string; details?: Record<string, unknown> },
  ): Promise<{ applied: true } | { applied: false; reason: string }>;
  /** From now on the case counts against this trial licence (its first order under the trial). */
  setTrial(tx: DbOrTx, caseId: string, trialId: string): Promise<void>;
  /** The case as the actor reads it; its orders are presented through it, so both always agree. */
  presentCase(db: DbOrTx, actor: Actor, caseId: string): Promise<Case>;
}
