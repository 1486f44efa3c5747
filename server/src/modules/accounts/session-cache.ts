import { BoundedMap } from '../../lib/bounded-map.ts';

/** The channel database triggers notify with a user id when a sign-in or the user changes. */
export const AUTH_CHANGED_CHANNEL = 'cm_auth_changed';

interface SessionState {
  userId: string;
  profileVersion: number;
  checkedAt: number;
}

/**
 * Remembers "this sign-in is open and its user active, at this profile version", so most requests need
 * no database round trip. It is used only while the instance is listening for change notifications:
 * a revoked sign-in, a deactivated user or any profile change notifies, and the user's entries go. While
 * not listening (start-up, lost connection) nothing is cached and every request asks the database. A
 * check that raced with a notification is not stored; entries also expire after `ttlMs` as a backstop.
 */
export class SessionStateCache {
  private readonly sessions: BoundedMap<string, SessionState>;
  private live = false;
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    this.sessions = new BoundedMap(maxEntries);
  }

  /** The profile version of an open sign-in, when known and fresh. */
  profileVersion(sessionId: string, userId: string): number | undefined {
    if (!this.live) return undefined;
    const state = this.sessions.get(sessionId);
    if (!state || state.userId !== userId) return undefined;
    if (this.now() - state.checkedAt > this.ttlMs) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    return state.profileVersion;
  }

  /** Call before asking the database; pass the answer to `store` with it. */
  beginCheck(): number {
    return this.generation;
  }

  store(checkStartedAt: number, sessionId: string, userId: string, profileVersion: number): void {
    if (!this.live || checkStartedAt !== this.generation) return;
    this.sessions.remember(sessionId, { userId, profileVersion, checkedAt: this.now() });
  }

  /** A notification: forget everything about this user. */
  userChanged(userId: string): void {
    this.generation++;
    for (const [sessionId, state] of this.sessions) {
      if (state.userId === userId) this.sessions.delete(sessionId);
    }
  }

  /** Listening started (true) or stopped (false): either way, what was cached may be stale. */
  setListening(live: boolean): void {
    this.live = live;
    this.generation++;
    this.sessions.clear();
  }

  get size(): number {
    return this.sessions.size;
  }
}
