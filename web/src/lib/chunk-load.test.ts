import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-load.ts';

describe('loadChunk (spec §9 chunk load time-out 120 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    const outcome = vi.fn();
    loadChunk(() => new Promise(() => {})).catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    expect(outcome.mock.calls[0]?.[0]).toMatchObject({ timedOut: true, message: expect.stringMatching(/120 seconds/) });
  });

  it('answers a chunk that arrives in time, and forgets the time-out', async () => {
    const chunk = loadChunk(() => Promise.resolve({ Page: 'page' }));
    await expect(chunk).resolves.toEqual({ Page: 'page' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: false, cause });
    expect(vi.getTimerCount()).toBe(0);
  });
});
