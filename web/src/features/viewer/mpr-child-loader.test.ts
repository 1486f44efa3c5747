import { afterEach, describe, expect, it, vi } from 'vitest';

const warmMprEngine = vi.hoisted(() => vi.fn());
vi.mock('./MprChild.tsx', () => ({ MprChild: () => null, warmMprEngine }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('the MPR chunk (issue 30)', () => {
  it('is warmed on the 3D view once the page is idle, Cornerstone set up, and then skips the first-image gate', async () => {
    vi.useFakeTimers();
    const { loadMprChild, warmMprViewWhenIdle } = await import('./mpr-child-loader.ts');
    warmMprViewWhenIdle();
    expect(warmMprEngine).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    // jsdom has no requestIdleCallback: warmed at once after the delay.
    await vi.waitFor(() => expect(warmMprEngine).toHaveBeenCalledTimes(1));
    // The gate is closed (no first image on this page) and its 3 s fallback is not reached.
    const loaded = await Promise.race([loadMprChild(), new Promise((resolve) => setTimeout(resolve, 100, 'gated'))]);
    expect(loaded).not.toBe('gated');
  }, 5000);

  it('waits for the first-image gate when nothing warmed it', async () => {
    vi.useFakeTimers();
    const { loadMprChild } = await import('./mpr-child-loader.ts');
    const outcome = Promise.race([loadMprChild(), new Promise((resolve) => setTimeout(resolve, 100, 'gated'))]);
    await vi.advanceTimersByTimeAsync(150);
    expect(await outcome).toBe('gated');
  });
});
