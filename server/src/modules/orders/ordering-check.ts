import { OrderStatus, type Service } from '@cardiomap/contract';
import { checkOrdering, type OrderRequest, trainingPending } from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Tx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/http-errors.ts';
import { refuseFullTrial, trainingMessage } from './case-orders.ts';
import type { CaseSide } from './case-side.ts';
import { findIntervention, loadOrderingCatalogue, unfollowedTrainings } from './ordering-repository.ts';

const OPEN: readonly number[] = [OrderStatus.IN_PROGRESS, OrderStatus.DELIVERED];

/**
 * The case-creation ordering rules (packages/domain checkOrdering) for one more order of an existing
 * case: devices of the case's intervention offering the service, sizes within the variant limit, the
 * organisation's licences, and (when `training`) the intervention's required training. When the order
 * is the case's first under a trial licence, the trial's case limit is checked under a lock and the case
 * starts counting against it. Answers the order's clinical flag, or throws 400 with field messages.
 */
export async function checkOrderOnCase(
  tx: Tx,
  actor: Actor,
  theCase: VisibleCase,
  request: OrderRequest,
  options: { training: boolean; replacingOrderId?: string },
  cases: Pick<CaseSide, 'setTrial'>,
): Promise<{ isClinical: boolean }> {
  const query = queryOn(tx);
  const catalogue = await loadOrderingCatalogue(
    query,
    theCase.organisationId,
    request.deviceIds,
    request.deviceVariantIds,
  );
  const otherServices = theCase.orders
    .filter((o) => o.id !== options.replacingOrderId && OPEN.includes(o.status))
    .map((o) => o.service as Service);
  const result = checkOrdering([request], catalogue, { interventionId: theCase.interventionId, otherServices });
  if (!result.ok) {
    const fields = result.orders[0] ?? {};
    throw new ValidationError({
      ...fields,
      ...(result.nonFieldErrors.length ? { nonFieldErrors: result.nonFieldErrors } : {}),
    });
  }
  if (options.training) await refusePendingTraining(query, actor, theCase);
  if (result.trialId && !theCase.trialId) {
    await refuseFullTrial(tx, result.trialId);
    await cases.setTrial(tx, theCase.id, result.trialId);
  }
  return { isClinical: result.orders[0]?.isClinical ?? false };
}

/** Spec §6: a required training the user has not followed blocks ordering, unless they may skip it. */
async function refusePendingTraining(
  query: ReturnType<typeof queryOn>,
  actor: Actor,
  theCase: VisibleCase,
): Promise<void> {
  const intervention = await findIntervention(query, theCase.interventionId);
  if (!intervention) return;
  const pending = await unfollowedTrainings(query, actor.userId, theCase.interventionId, theCase.organisationId);
  if (pending.length > 0 && trainingPending(actor.permissions, intervention, false)) {
    throw new ValidationError({ nonFieldErrors: pending.map((t) => trainingMessage(t.title)) });
  }
}
