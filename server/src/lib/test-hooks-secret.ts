import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a test-hook call carries the server's TEST_HOOKS_TOKEN (header `x-test-hooks-token`), compared
 * in constant time. The hooks exist only when that token is configured: the e2e suite's, never a deployment's.
 */
export function carriesTestHooksToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
