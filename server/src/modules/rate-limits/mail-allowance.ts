import type { Query } from '../../db/query.ts';
import { hitRateLimit } from './repository.ts';

/**
 * Mail to an address someone typed is counted per address and capped silently (issue 27): refusing the
 * request instead (429) let anyone block an address's registration and password reset for an hour, and
 * told a third party about the count. Each call counts one mail; it may be sent while the count is
 * within `max` for the window, in the shared table, so every instance counts alike.
 */
export async function takeMailAllowance(
  query: Query,
  address: string,
  rule: { max: number; windowMs: number },
  now = Date.now(),
): Promise<boolean> {
  const { count } = await hitRateLimit(query, `account-mail|${address}`, rule.windowMs, now);
  return count <= rule.max;
}
