import type { Database } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import type { ReadAccess, ReadAccessCheck } from '../storage/object-storage.ts';
import { findVisibleCase } from './case-access.ts';

/** What a read link handed to this actor for an object of this case is bound to. */
export const readAccessOf = (actor: Actor, caseId: string): ReadAccess => ({
  userId: actor.userId,
  sessionId: actor.sessionId,
  caseId,
});

/**
 * Asked by the local driver on every read through a bound link: the sign-in is still open and its user
 * active (`loadActor`), and the case still visible to them (their organisation, all organisations, or a
 * share that has not been revoked). Issue 22: a revoked share used to leave 12-hour links working.
 */
export function createReadAccessCheck(
  database: Database,
  loadActor: (userId: string, sessionId: string) => Promise<Actor | null>,
): ReadAccessCheck {
  return async ({ userId, sessionId, caseId }) => {
    const actor = await loadActor(userId, sessionId);
    if (!actor) return false;
    return findVisibleCase(database.db, actor, caseId).then(
      () => true,
      () => false,
    );
  };
}
