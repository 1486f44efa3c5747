import type { Database } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import type { ReadAccess, ReadAccessCheck } from '../storage/object-storage.ts';
import { accessDeniedTo, findVisibleCase } from './case-access.ts';

/** What a read link handed to this actor for an object of this case is bound to. */
export const readAccessOf = (actor: Actor, caseId: string): ReadAccess => ({
  userId: actor.userId,
  sessionId: actor.sessionId,
  caseId,
});

/**
 * Asked by the local driver on every read through a bound link: the sign-in is still open and its user
 * active (`loadActor`), the case still visible to them (their organisation, all organisations, or a
 * share that has not been revoked) and its images and results not denied to them (Case.accessDenied).
 * Issue 22: a revoked share used to leave 12-hour links working.
 */
export function createReadAccessCheck(
  database: Database,
  loadActor: (userId: string, sessionId: string) => Promise<Actor | null>,
): ReadAccessCheck {
  return async ({ userId, sessionId, caseId }) => {
    const actor = await loadActor(userId, sessionId);
    if (!actor) return false;
    // Links are handed out only by reads that check Case.accessDenied; asked again, as the role may change.
    return findVisibleCase(database.db, actor, caseId).then(
      (theCase) => !accessDeniedTo(actor, theCase),
      () => false,
    );
  };
}
