import { CaseStatus, type OrderStatus } from '@cardiomap/contract';
import {
  CASE_TRANSITIONS,
  ORDER_TRANSITIONS,
  type OrderAction,
  orderTransitionDecision,
  PERMISSIONS as P,
  transitionDecision,
} from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { type Notifier, notifyDelivered, notifyDeliveryWithdrawn } from '../notifications/index.ts';
import * as deliveryRepo from './delivery-repository.ts';
import { auditOrder, findVisibleOrder, requirePermission, requireProcessing } from './order-access.ts';
import type { OrderRow } from './repository.ts';
import * as repo from './repository.ts';

const NO_DELIVERY = 'No delivery matches the given id.';

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

/** The case's orders as they are after this transaction's own changes. */
async function caseFactsNow(tx: DbOrTx, theCase: VisibleCase) {
  const orders = await repo.orderStatusesOfCase(tx, theCase.id);
  return { ...theCase, orders: orders.map((o) => ({ status: o.status as OrderStatus })) };
}

/**
 * Delivering, taking back and obsoleting results (spec §4 order status). Each runs in one transaction
 * that first locks the case row, so deliveries of one case apply one after another and the last one
 * sees all the others when it decides that the case is complete.
 */
export function createDeliveryService(database: Database, notifier: Notifier) {
  const { db } = database;

  async function lockedDelivery(tx: DbOrTx, actor: Actor, deliveryId: string) {
    const delivery = await deliveryRepo.findDelivery(tx, deliveryId);
    if (!delivery) throw notFound(NO_DELIVERY);
    const visible = await findVisibleOrder(tx, actor, delivery.orderId, { missing: NO_DELIVERY, forUpdate: true });
    requireProcessing(actor, visible.theCase);
    return { delivery, ...visible };
  }

  return {
    async deliver(actor: Actor, orderId: string, ip: string) {
      requirePermission(actor, P.addDelivery, 'You do not have permission to deliver analyses.');
      const { wire, mails } = await db.transaction(async (tx) => {
        const { order, theCase } = await findVisibleOrder(tx, actor, orderId, { forUpdate: true });
        requireProcessing(actor, theCase);
        await moveOrder(tx, 'deliver', order, theCase);
        const delivery = await deliveryRepo.insertDelivery(tx, orderId, actor.userId);
        const completes = transitionDecision('complete', await caseFactsNow(tx, theCase)).allowed;
        if (completes) {
          const { from, to } = CASE_TRANSITIONS.complete;
          await repo.transitionCase(tx, theCase.id, from, to, new Date());
        }
        await auditOrder(tx, actor, {
          action: 'order.deliver',
          orderId: orderId,
          theCase,
          ip,
          details: { deliveryId: delivery.id, caseCompleted: completes },
        });
        const mails = await notifyDelivered(queryOn(tx), {
          caseId: theCase.id,
          orderId,
          deliveryId: delivery.id,
          actorId: actor.userId,
          baseUrl: notifier.baseUrl,
        });
        return { wire: deliveryWire(delivery), mails };
      });
      await notifier.dispatch(mails);
      return wire;
    },

    /** Research results may be taken back: the order is open again, and so is its completed case. */
    async undeliver(actor: Actor, deliveryId: string, ip: string): Promise<undefined> {
      requirePermission(actor, P.deleteDelivery, 'You do not have permission to take deliveries back.');
      const mails = await db.transaction(async (tx) => {
        const { order, theCase } = await lockedDelivery(tx, actor, deliveryId);
        await moveOrder(tx, 'undeliver', order, theCase);
        await deliveryRepo.deleteDelivery(tx, deliveryId);
        const reopens = theCase.status === CaseStatus.COMPLETED;
        if (reopens) {
          const decision = transitionDecision('reopen', await caseFactsNow(tx, theCase));
          if (!decision.allowed) throw conflict(decision.reason);
          const { from, to } = CASE_TRANSITIONS.reopen;
          await repo.transitionCase(tx, theCase.id, from, to, null);
        }
        await auditOrder(tx, actor, {
          action: 'order.undeliver',
          orderId: order.id,
          theCase,
          ip,
          details: { deliveryId, caseReopened: reopens },
        });
        return notifyDeliveryWithdrawn(queryOn(tx), {
          caseId: theCase.id,
          orderId: order.id,
          deliveryId,
          actorId: actor.userId,
          kind: 'undelivered',
          baseUrl: notifier.baseUrl,
        });
      });
      await notifier.dispatch(mails);
    },

    /** A delivery superseded by a newer one: the delivery is flagged and its order obsoleted. */
    async obsolete(actor: Actor, deliveryId: string, ip: string) {
      requirePermission(actor, P.addDelivery, 'You do not have permission to change deliveries.');
      const { wire, mails } = await db.transaction(async (tx) => {
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
        return { wire: deliveryWire(delivery), mails };
      });
      await notifier.dispatch(mails);
      return wire;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
