import type { DbOrTx } from '../../db/client.ts';
import { revokeUserSessions } from './password-repository.ts';

/**
 * Ends every open sign-in of the user, in the caller's transaction (an administrator deactivates them
 * or sets their password: modules/users). The auth_sessions trigger tells every instance's cache, so
 * the next request with one of these sessions answers 401. Answers how many ended.
 */
export function endSessions(tx: DbOrTx, userId: string, reason: string): Promise<number> {
  return revokeUserSessions(tx, userId, reason);
}
