import {
  checkOrdering,
  ORDER_TRANSITIONS,
  type OrderFieldErrors,
  type OrderRequest,
  trainingPending,
  trialLimitMessage,
  trialLimitReached,
} from '@cardiomap/domain';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/http-errors.ts';
import { findIntervention, loadOrderingCatalogue, lockTrialUsage, unfollowedTrainings } from './ordering-repository.ts';
import { insertOrder, transitionOrdersOfCase } from './repository.ts';

/*
 * What the cases module asks of a case's orders (issue 29: this module alone writes orders and their
 * devices). Each runs in the caller's transaction. Cases imports orders, never the reverse: what orders
 * needs of its case is handed to its plugin (`CaseSide`).
 */

export const trainingMessage = (title: string) => `Complete the training "${title}" before requesting this analysis.`;

export type FirstOrdersCheck =
  | { ok: false; orders?: Record<string, OrderFieldErrors>; nonFieldErrors?: string[] }
  | {
      ok: true;
      interventionId: string;
      interventionPrefix: string;
      /** The trial licence the case will count against, if an order uses one. */
      trialId: string | null;
      /** Per order, in the order given. */
      isClinical: boolean[];
      /** Spec §6: required trainings the actor has not followed and may not skip; empty when none. */
      trainingErrors: string[];
    };

/**
 * The ordering rules (packages/domain checkOrdering) for the first orders of a new case (spec §5 "New
 * analysis form"): devices offering the services, sizes within the variant limit, the organisation's
 * licences, and the intervention's required training. The field messages of a refusal are the caller's
 * to merge with its own.
 */
export async function checkFirstOrders(
  tx: DbOrTx,
  actor: Actor,
  organisationId: string,
  orders: readonly OrderRequest[],
): Promise<FirstOrdersCheck> {
  const query = queryOn(tx);
  const catalogue = await loadOrderingCatalogue(
    query,
    organisationId,
    orders.flatMap((o) => o.deviceIds),
    orders.flatMap((o) => o.deviceVariantIds),
  );
  const ordering = checkOrdering(orders, catalogue);
  if (!ordering.ok) {
    const orderErrors = Object.fromEntries(
      ordering.orders.flatMap((e, index) => (Object.keys(e).length ? [[String(index), e]] : [])),
    );
    return {
      ok: false,
      ...(Object.keys(orderErrors).length ? { orders: orderErrors } : {}),
      ...(ordering.nonFieldErrors.length ? { nonFieldErrors: ordering.nonFieldErrors } : {}),
    };
  }
  const intervention = await findIntervention(query, ordering.interventionId);
  let trainingErrors: string[] = [];
  if (intervention) {
    const pending = await unfollowedTrainings(query, actor.userId, ordering.interventionId, organisationId);
    if (pending.length > 0 && trainingPending(actor.permissions, intervention, false)) {
      trainingErrors = pending.map((t) => trainingMessage(t.title));
    }
  }
  return {
    ok: true,
    interventionId: ordering.interventionId,
    interventionPrefix: intervention?.prefix ?? '',
    trialId: ordering.trialId,
    isClinical: ordering.orders.map((o) => o.isClinical),
    trainingErrors,
  };
}

/**
 * Locks the trial licence until the transaction ends and refuses (400) when its cases are all taken, so
 * two concurrent requests cannot both take the last case of a trial.
 */
export async function refuseFullTrial(tx: DbOrTx, trialId: string): Promise<void> {
  const usage = await lockTrialUsage(queryOn(tx), trialId);
  if (trialLimitReached(usage)) throw new ValidationError({ nonFieldErrors: [trialLimitMessage(usage.limit)] });
}

/** A new case's first orders, in progress, with their devices in the order chosen and their sizes. */
export async function placeFirstOrders(
  tx: DbOrTx,
  caseId: string,
  orders: readonly (OrderRequest & { isClinical: boolean })[],
): Promise<void> {
  for (const order of orders) {
    await insertOrder(tx, { ...order, caseId, isInitial: true });
  }
}

/** A case that ends (canceled, rejected) cancels its open orders (spec §4). */
export async function cancelOpenOrders(tx: DbOrTx, caseId: string): Promise<void> {
  const cancel = ORDER_TRANSITIONS.cancel;
  await transitionOrdersOfCase(tx, caseId, cancel.from, cancel.to);
}
