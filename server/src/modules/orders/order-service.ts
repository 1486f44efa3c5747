import { CaseStatus, type Order, OrderStatus, type Service } from '@cardiomap/contract';
import {
  amuletLockDecision,
  caseStatusReason,
  isFinished,
  mayChangeRequestedDevices,
  orderDeviceChangeDecision,
  PERMISSIONS as P,
} from '@cardiomap/domain';
import { findVisibleCase, type VisibleCase } from '../../access/case-access.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import type { CaseSide } from './case-side.ts';
import * as deliveryRepo from './delivery-repository.ts';
import { auditOrder, findVisibleOrder, NO_ORDER, refuseSharedCase, requirePermission } from './order-access.ts';
import { checkOrderOnCase } from './ordering-check.ts';
import { findIntervention } from './ordering-repository.ts';
import * as repo from './repository.ts';

export interface CreateOrderInput {
  caseId: string;
  service: Service;
  deviceIds: string[];
  deviceVariantIds: string[];
  isInitial: boolean;
}

const SHARED_CASE = 'A case shared with you cannot be changed.';

function refuseFinished(theCase: VisibleCase): void {
  if (isFinished(theCase.status)) throw conflict(caseStatusReason(theCase.status));
}

/** The order as the wire carries it, read through the case presenter so both always agree. */
async function presentOrder(
  cases: CaseSide,
  db: DbOrTx,
  actor: Actor,
  caseId: string,
  orderId: string,
): Promise<Order> {
  const order = (await cases.presentCase(db, actor, caseId)).orders.find((o) => o.id === orderId);
  if (!order) throw notFound(NO_ORDER);
  return order;
}

/**
 * Ordering more analyses on an existing case (spec §7 orders/): another order, the same again, or other
 * devices for one in progress. Each works on the case row locked, under the rules of case creation.
 */
export function createOrderService(database: Database, cases: CaseSide) {
  const { db } = database;

  return {
    async create(actor: Actor, input: CreateOrderInput, ip: string): Promise<Order> {
      requirePermission(actor, P.addOrder, 'You do not have permission to order analyses.');
      const orderId = await db.transaction(async (tx) => {
        const theCase = await findVisibleCase(tx, actor, input.caseId, { forUpdate: true });
        refuseSharedCase(theCase, SHARED_CASE);
        refuseFinished(theCase);
        const { isClinical } = await checkOrderOnCase(tx, actor, theCase, input, { training: true }, cases);
        const id = await repo.insertOrder(tx, { ...input, caseId: theCase.id, isClinical });
        await auditOrder(tx, actor, {
          action: 'order.create',
          orderId: id,
          theCase,
          ip,
          details: { service: input.service, isInitial: input.isInitial },
        });
        return id;
      });
      return presentOrder(cases, db, actor, input.caseId, orderId);
    },

    /**
     * The same service, devices and sizes again, as a new order in progress. Duplicating an order whose
     * delivery was obsoleted is how the promised newer delivery is made (issue 30 §2): its completed case
     * goes back to in progress through the `reopenForNewDelivery` transition, in the same transaction.
     */
    async duplicate(actor: Actor, sourceId: string, ip: string): Promise<Order> {
      requirePermission(actor, P.duplicateOrder, 'You do not have permission to order analyses.');
      const { caseId, orderId } = await db.transaction(async (tx) => {
        const { order, theCase } = await findVisibleOrder(tx, actor, sourceId, { forUpdate: true });
        refuseSharedCase(theCase, SHARED_CASE);
        const reopens = theCase.status === CaseStatus.COMPLETED && order.status === OrderStatus.OBSOLETED;
        if (!reopens) refuseFinished(theCase);
        const request = {
          service: order.service as Service,
          deviceIds: order.deviceIds,
          deviceVariantIds: order.deviceVariantIds,
        };
        const { isClinical } = await checkOrderOnCase(tx, actor, theCase, request, { training: true }, cases);
        const id = await repo.insertOrder(tx, { ...request, caseId: theCase.id, isInitial: false, isClinical });
        if (reopens) {
          // No mail of its own: the obsolete mail promised the newer delivery, and its delivery mail follows;
          // the case list marks the status change (cases.status_changed_at).
          const reopened = await cases.applyCaseTransition(tx, theCase.id, 'reopenForNewDelivery', {
            by: actor.userId,
            ip,
            details: { sourceOrderId: sourceId, orderId: id },
          });
          if (!reopened.applied) throw conflict(reopened.reason);
        }
        await auditOrder(tx, actor, {
          action: 'order.duplicate',
          orderId: id,
          theCase,
          ip,
          details: { sourceOrderId: sourceId, caseReopened: reopens },
        });
        return { caseId: theCase.id, orderId: id };
      });
      return presentOrder(cases, db, actor, caseId, orderId);
    },

    /** Spec §5 "Change devices": only the intervention's devices, only for an order in progress. */
    async changeDevices(
      actor: Actor,
      orderId: string,
      input: { deviceIds: string[]; deviceVariantIds: string[] },
      ip: string,
    ): Promise<Order> {
      requirePermission(actor, P.changeRequestedDevice, 'You do not have permission to change devices.');
      const caseId = await db.transaction(async (tx) => {
        const { order, theCase } = await findVisibleOrder(tx, actor, orderId, { forUpdate: true });
        refuseSharedCase(theCase, SHARED_CASE);
        if (!mayChangeRequestedDevices(actor.permissions, theCase)) {
          throw conflict(caseStatusReason(theCase.status));
        }
        const decision = orderDeviceChangeDecision({ status: order.status as OrderStatus });
        if (!decision.allowed) throw conflict(decision.reason);
        await refuseAmuletChange(tx, theCase, input.deviceIds);
        const request = { service: order.service as Service, ...input };
        const { isClinical } = await checkOrderOnCase(
          tx,
          actor,
          theCase,
          request,
          {
            training: false,
            replacingOrderId: order.id,
          },
          cases,
        );
        await repo.replaceOrderDevices(tx, order.id, input.deviceIds, input.deviceVariantIds);
        // A degradation stays: the analyst's judgement outlives a change of device.
        const degraded = !order.isClinical && (await deliveryRepo.hasDegradation(tx, order.id));
        await repo.setOrderClinical(tx, order.id, isClinical && !degraded);
        await auditOrder(tx, actor, {
          action: 'order.change_devices',
          orderId: order.id,
          theCase,
          ip,
          details: {
            from: order.deviceIds,
            to: input.deviceIds,
          },
        });
        return theCase.id;
      });
      return presentOrder(cases, db, actor, caseId, orderId);
    },
  };
}

/** Spec §9: an Amulet device in LAAO locks once delivered. */
async function refuseAmuletChange(tx: DbOrTx, theCase: VisibleCase, deviceIds: readonly string[]): Promise<void> {
  const intervention = await findIntervention(queryOn(tx), theCase.interventionId);
  const delivered = await repo.deliveredDevicesOfCase(tx, theCase.id);
  const decision = amuletLockDecision(intervention?.prefix ?? '', delivered, deviceIds);
  if (!decision.allowed) throw fieldError('deviceIds', decision.reason);
}

export type OrderService = ReturnType<typeof createOrderService>;
