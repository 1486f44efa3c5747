import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { ORDER_TRANSITIONS, type OrderAction, orderTransitionDecision, PERMISSIONS as P } from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { attachToOrder } from '../analyses/index.ts';
import { type Notifier, notifyDelivered, notifyDeliveryWithdrawn } from '../notifications/index.ts';
import { requestReportRegeneration } from '../reports/index.ts';
import type { CaseSide } from './case-side.ts';
import * as deliveryRepo from './delivery-repository.ts';
import { auditOrder, findVisibleOrder, requirePermission, requireProcessing } from './order-access.ts';
import type { OrderRow } from './repository.ts';
import * as repo from './repository.ts';

const NO_DELIVERY = 'No delivery matches the given id.';
export const ANALYSIS_NOT_OF_CASE = 'Choose an analysis of this case.';
export const PRELIMINARY_NOT_DELIVERABLE = "The preliminary model cannot be delivered: choose an analyst's analysis.";
export const ANALYSIS_DELIVERED_ELSEWHERE = 'This analysis is delivered with another order.';

/**
 * The analysis chosen for the delivery: one of the case's own, made by an analyst (not the automatic
 * preliminary model), and not already handed over with another delivered order.
 */
async function checkDeliveredAnalysis(tx: DbOrTx, analysisId: string, order: OrderRow): Promise<void> {
  const analysis = await deliveryRepo.findAnalysisOfCase(tx, analysisId, order.caseId);
  if (!analysis) throw fieldError('analysisId', ANALYSIS_NOT_OF_CASE);
  if (analysis.isPreliminary) throw fieldError('analysisId', PRELIMINARY_NOT_DELIVERABLE);
  if (analysis.orderId && analysis.orderId !== order.id && analysis.orderStatus === OrderStatus.DELIVERED) {
    throw fieldError('analysisId', ANALYSIS_DELIVERED_ELSEWHERE);
  }
}

const deliveryWire = (row: deliveryRepo.DeliveryRow) => ({
  id: row.id,
  orderId: row.orderId,
  isObsoleted: row.isObsoleted,
  dateCreated: row.dateCreated.toISOString(),
});

/** The order transition if the domain allows it now, persisted only from the statuses it may leave. */
async function moveOrder(tx: DbOrTx, action: OrderAction, order: OrderRow, theCase: VisibleCase): Promise<void> {
  const decision = orderTransitionDecision(action, { status: order.status as OrderStatus }, theCase);
  if (!decision.allowed) throw conflict(decision.reason);
  const { from, to } = ORDER_TRANSITIONS[action];
  if (!(await repo.transitionOrder(tx, order.id, from, to))) {
    throw conflict('This analysis was changed by someone else. Reload and try again.');
  }
}

/**
 * Delivering, taking back and obsoleting results (spec §4 order status). Each runs in one transaction
 * that first locks the case row, so deliveries of one case apply one after another and the last one
 * sees all the others when it decides that the case is complete.
 */
export function createDeliveryService(
  database: Database,
  notifier: Notifier,
  enqueue: (queueName: string, jobId: string) => Promise<void>,
  cases: Pick<CaseSide, 'applyCaseTransition'>,
) {
  const { db } = database;
  /** A delivery change makes a new report version (issue 18 §1); sent after commit, re-sent by the sweep if lost. */
  const regenerate = (tx: DbOrTx, actor: Actor, caseId: string) =>
    requestReportRegeneration(tx, { caseId, requestedById: actor.userId });
  const send = async (job: { id: string; queueName: string } | null) => {
    // After commit: a lost message is re-sent by the workers' sweep of queued jobs; the delivery stands.
    if (job) await enqueue(job.queueName, job.id).catch(() => undefined);
  };

  async function lockedDelivery(tx: DbOrTx, actor: Actor, deliveryId: string) {
    const delivery = await deliveryRepo.findDelivery(tx, deliveryId);
    if (!delivery) throw notFound(NO_DELIVERY);
    const visible = await findVisibleOrder(tx, actor, delivery.orderId, { missing: NO_DELIVERY, forUpdate: true });
    requireProcessing(actor, visible.theCase);
    return { delivery, ...visible };
  }

  return {
    async deliver(actor: Actor, input: { orderId: string; analysisId?: string }, ip: string) {
      requirePermission(actor, P.addDelivery, 'You do not have permission to deliver analyses.');
      const { orderId, analysisId } = input;
      const { wire, mails, report } = await db.transaction(async (tx) => {
        const { order, theCase } = await findVisibleOrder(tx, actor, orderId, { forUpdate: true });
        requireProcessing(actor, theCase);
        if (analysisId) await checkDeliveredAnalysis(tx, analysisId, order);
        await moveOrder(tx, 'deliver', order, theCase);
        const delivery = await deliveryRepo.insertDelivery(tx, orderId, actor.userId);
        if (analysisId) await attachToOrder(tx, analysisId, orderId);
        // Completes the case when this was its last open order; otherwise the door refuses and nothing changes.
        const completes = (await cases.applyCaseTransition(tx, theCase.id, 'complete', { by: actor.userId, ip }))
          .applied;
        await auditOrder(tx, actor, {
          action: 'order.deliver',
          orderId: orderId,
          theCase,
          ip,
          details: { deliveryId: delivery.id, analysisId: analysisId ?? null, caseCompleted: completes },
        });
        const mails = await notifyDelivered(queryOn(tx), {
          caseId: theCase.id,
          orderId,
          deliveryId: delivery.id,
          actorId: actor.userId,
          baseUrl: notifier.baseUrl,
        });
        return { wire: deliveryWire(delivery), mails, report: await regenerate(tx, actor, theCase.id) };
      });
      await notifier.dispatch(mails);
      await send(report);
      return wire;
    },

    /** Research results may be taken back: the order is open again, and so is its completed case. */
    async undeliver(actor: Actor, deliveryId: string, ip: string): Promise<undefined> {
      requirePermission(actor, P.deleteDelivery, 'You do not have permission to take deliveries back.');
      const { mails, report } = await db.transaction(async (tx) => {
        const { order, theCase } = await lockedDelivery(tx, actor, deliveryId);
        await moveOrder(tx, 'undeliver', order, theCase);
        await deliveryRepo.deleteDelivery(tx, deliveryId);
        const reopens = theCase.status === CaseStatus.COMPLETED;
        if (reopens) {
          const reopened = await cases.applyCaseTransition(tx, theCase.id, 'reopen', { by: actor.userId, ip });
          if (!reopened.applied) throw conflict(reopened.reason);
        }
        await auditOrder(tx, actor, {
          action: 'order.undeliver',
          orderId: order.id,
          theCase,
          ip,
          details: { deliveryId, caseReopened: reopens },
        });
        const mails = await notifyDeliveryWithdrawn(queryOn(tx), {
          caseId: theCase.id,
          orderId: order.id,
          deliveryId,
          actorId: actor.userId,
          kind: 'undelivered',
          baseUrl: notifier.baseUrl,
        });
        return { mails, report: await regenerate(tx, actor, theCase.id) };
      });
      await notifier.dispatch(mails);
      await send(report);
    },

    /** A delivery superseded by a newer one: the delivery is flagged and its order obsoleted. */
    async obsolete(actor: Actor, deliveryId: string, ip: string) {
      requirePermission(actor, P.addDelivery, 'You do not have permission to change deliveries.');
      const { wire, mails, report } = await db.transaction(async (tx) => {
        const { order, theCase } = await lockedDelivery(tx, actor, deliveryId);
        await moveOrder(tx, 'obsolete', order, theCase);
        const delivery = await deliveryRepo.markDeliveryObsoleted(tx, deliveryId);
        await auditOrder(tx, actor, {
          action: 'order.obsolete',
          orderId: order.id,
          theCase,
          ip,
          details: { deliveryId },
        });
        const mails = await notifyDeliveryWithdrawn(queryOn(tx), {
          caseId: theCase.id,
          orderId: order.id,
          deliveryId,
          actorId: actor.userId,
          kind: 'obsoleted',
          baseUrl: notifier.baseUrl,
        });
        return { wire: deliveryWire(delivery), mails, report: await regenerate(tx, actor, theCase.id) };
      });
      await notifier.dispatch(mails);
      await send(report);
      return wire;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
