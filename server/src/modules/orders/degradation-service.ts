import { OrderStatus } from '@cardiomap/contract';
import { PERMISSIONS as P } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import * as deliveryRepo from './delivery-repository.ts';
import { auditOrder, findVisibleOrder, requirePermission } from './order-access.ts';
import * as repo from './repository.ts';

/** Only results that exist or are being made can be marked non-clinical. */
const DEGRADABLE: readonly number[] = [OrderStatus.IN_PROGRESS, OrderStatus.DELIVERED];

/**
 * Marks an order's results non-clinical (spec §8): the remark is what the clinician reads next to the
 * results, so it is required; one degradation per order.
 */
export function createDegradationService(database: Database) {
  const { db } = database;
  return {
    async create(actor: Actor, input: { orderId: string; reasonId?: string | null; remark: string }, ip: string) {
      requirePermission(actor, P.addDegradation, 'You do not have permission to mark analyses non-clinical.');
      const { order, theCase } = await findVisibleOrder(db, actor, input.orderId);
      const reasonId = input.reasonId ?? null;
      if (reasonId && !(await deliveryRepo.degradationReasonExists(db, reasonId))) {
        throw fieldError('reasonId', 'No degradation reason matches the given id.');
      }
      if (!DEGRADABLE.includes(order.status)) {
        throw conflict('Only analyses in progress or delivered can be marked non-clinical.');
      }
      return db.transaction(async (tx) => {
        const row = await deliveryRepo.insertDegradation(tx, {
          orderId: order.id,
          reasonId,
          remark: input.remark,
          createdById: actor.userId,
        });
        if (!row) throw conflict('This analysis is already marked non-clinical.');
        await repo.setOrderClinical(tx, order.id, false);
        // The remark is free text and may name the patient: the trail keeps only the reason.
        await auditOrder(tx, actor, {
          action: 'order.degrade',
          orderId: order.id,
          theCase,
          ip,
          details: { degradationId: row.id, reasonId },
        });
        return {
          id: row.id,
          orderId: row.orderId,
          reasonId: row.reasonId,
          remark: row.remark,
          dateCreated: row.dateCreated.toISOString(),
        };
      });
    },
  };
}

export type DegradationService = ReturnType<typeof createDegradationService>;
