import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/safe-error.ts';

/** Which errors mean "the database cannot be reached now" (503) rather than a wrong statement (500). */
describe('isDatabaseUnavailable', () => {
  it.each([
    ['an ended node-postgres pool', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
  ])('is true for %s, also as the cause of a query error', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: SELECT 1', { cause: error }))).toBe(true);
  });

  it('is false for a statement that is wrong', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
    });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query: INSERT', { cause: unique }))).toBe(false);
  });
});
