import type { Actor } from '../../lib/actor.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';

/** An actor without the sign-in it came with: what stays the same across a user's requests. */
export type ActorTemplate = Omit<Actor, 'sessionId'>;

/**
 * Built actors per user, valid for exactly one profile version. Every request still checks in the
 * database that its sign-in is open and the user active, and reads the current profile version there;
 * triggers bump that version on any change the profile depends on, so a cached actor is never stale,
 * even when another API instance made the change. Bounded: the oldest entries go first.
 */
export class ActorCache {
  private readonly entries: BoundedMap<string, ActorTemplate>;

  constructor(maxEntries = 10_000) {
    this.entries = new BoundedMap(maxEntries);
  }

  get(userId: string, profileVersion: number): ActorTemplate | undefined {
    const entry = this.entries.get(userId);
    return entry?.profile.profileVersion === profileVersion ? entry : undefined;
  }

  set(template: ActorTemplate): void {
    this.entries.remember(template.userId, template);
  }

  get size(): number {
    return this.entries.size;
  }
}
