import type { DbOrTx } from '../../db/client.ts';
import { attachInvitations } from './repository.ts';

/**
 * A new account takes over the cases shared with its address before it existed (modules/registration,
 * in the transaction that verifies the address: never at registration, since whoever types an address
 * must not get its cases). Answers the ids of those cases.
 */
export function claimInvitations(tx: DbOrTx, userId: string, email: string): Promise<string[]> {
  return attachInvitations(tx, userId, email);
}
