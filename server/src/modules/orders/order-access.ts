import { PERMISSIONS as P } from '@cardiomap/domain';
import { findVisibleCase, type VisibleCase } from '../../access/case-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findOrder, type OrderRow } from './repository.ts';

export const NO_ORDER = 'No order matches the given id.';

export function requirePermission(actor: Actor, permission: string, detail: string): void {
  if (!actor.permissions.has(permission)) throw forbidden(detail);
}

/**
 * An order of a case the actor may see; an order of a hidden case is as missing as an unknown one.
 * `forUpdate` (inside a transaction) locks the case row, so checks and the change see one state.
 */
export async function findVisibleOrder(
  db: DbOrTx,
  actor: Actor,
  orderId: string,
  options: { missing?: string; forUpdate?: boolean } = {},
): Promise<{ order: OrderRow; theCase: VisibleCase }> {
  const missing = options.missing ?? NO_ORDER;
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(missing);
  let theCase: VisibleCase;
  try {
    theCase = await findVisibleCase(db, actor, order.caseId, { forUpdate: options.forUpdate });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(missing);
    throw error;
  }
  // Under the lock, read the order again: a concurrent change may have committed meanwhile.
  const current = options.forUpdate ? await findOrder(db, orderId) : order;
  if (!current) throw notFound(missing);
  return { order: current, theCase };
}

/** Staff process research and non-research cases under separate permissions (spec §6). */
export function requireProcessing(actor: Actor, theCase: Pick<VisibleCase, 'isResearch'>): void {
  if (theCase.isResearch) {
    requirePermission(actor, P.processResearchCase, 'You do not have permission to process research cases.');
  } else {
    requirePermission(actor, P.processNonResearchCase, 'You do not have permission to process non-research cases.');
  }
}

/** Users a case reached by sharing follow it; they may not change what is ordered (spec §4). */
export function refuseSharedCase(theCase: Pick<VisibleCase, 'isSharedToActor'>, detail: string): void {
  if (theCase.isSharedToActor) throw forbidden(detail);
}

/** One audit line per order action; the case id goes into the details, patient data never does. */
export function auditOrder(
  tx: DbOrTx,
  actor: Actor,
  entry: { action: string; orderId: string; theCase: VisibleCase; ip: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, {
    actorId: actor.userId,
    action: entry.action,
    targetType: 'order',
    targetId: entry.orderId,
    organisationId: entry.theCase.organisationId,
    ip: entry.ip,
    details: { caseId: entry.theCase.id, ...entry.details },
  });
}
