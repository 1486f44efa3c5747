import { describe, expect, it } from 'vitest';
import { formatDuration, jobDuration, jobStatusLabel } from './job-format.ts';

describe('job formatting', () => {
  it.each([
    [850, '850 ms'],
    [12_420, '12.4 s'],
    [185_000, '3 min 5 s'],
    [3_720_000, '1 h 2 min'],
  ])('formats %i ms as %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('measures from start to finish, or to now while running, and not before the start', () => {
    const started = '2026-11-23T10:00:00.000Z';
    expect(jobDuration({ dateStarted: started, dateFinished: '2026-11-23T10:00:09.500Z' }, 0)).toBe('9.5 s');
    expect(jobDuration({ dateStarted: started, dateFinished: null }, Date.parse(started) + 2000)).toBe('2.0 s');
    expect(jobDuration({ dateStarted: null, dateFinished: null }, 0)).toBe('—');
  });

  it('labels statuses as the contract does', () => {
    expect([0, 1, 2, 3, 4, 9].map(jobStatusLabel)).toEqual([
      'Queued',
      'Running',
      'Completed',
      'Failed',
      'Terminated',
      'Unknown',
    ]);
  });
});
