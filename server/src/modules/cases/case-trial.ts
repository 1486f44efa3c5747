import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { setCaseTrial } from './repository.ts';

/**
 * An order added under a trial licence (modules/orders): from now on the case counts against that
 * trial. The caller has checked, under the trial's lock, that the trial has room.
 */
export function setTrial(tx: DbOrTx, caseId: string, trialId: string): Promise<void> {
  return setCaseTrial(queryOn(tx), caseId, trialId);
}
