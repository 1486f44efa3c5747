import type { Query } from '../db/query.ts';
import { hitRateLimit } from '../modules/rate-limits/index.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the shared database (issue 22), so limits hold across
 * every API instance instead of being multiplied by their number. One atomic upsert per hit. A database
 * error is passed on (skipOnError stays false): the request is answered 503, never let through unlimited.
 * `now` is injectable for tests.
 */
export function databaseRateLimitStore(query: Query, now: () => number = Date.now) {
  return class DatabaseRateLimitStore {
    /** Route limiters are kept apart by method and URL, as the plugin's own stores keep one map per route. */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      hitRateLimit(query, `${this.prefix}${key}`, timeWindow, at).then(
        ({ count, windowEnd }) => callback(null, { current: count, ttl: Math.max(0, windowEnd - at) }),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the merged limiter options, whose routeInfo is the route (empty for createRateLimit).
    child(options: object): DatabaseRateLimitStore {
      const { routeInfo } = options as { routeInfo?: { method?: unknown; url?: unknown } };
      const { method, url } = routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, method && url ? `${String(method)}${String(url)}|` : this.prefix);
    }
  };
}
