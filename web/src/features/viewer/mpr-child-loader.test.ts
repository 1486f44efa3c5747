import { afterEach, describe, expect, it, vi } from 'vitest';

const warmMprEngine = vi.hoisted(() => vi.fn());
vi.mock('./MprChild.tsx', () => ({ MprChild: () => null, warmMprEngine }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  warmMprEngine.mockClear();
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

  it("runs the 3D view's follow-up (the volume download) once warm, and at once when already warm", async () => {
    vi.useFakeTimers();
    const { warmMprViewWhenIdle } = await import('./mpr-child-loader.ts');
    const first = vi.fn();
    warmMprViewWhenIdle(first);
    expect(first).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(1));
    // A remount of the 3D view on a warm page: no second warm-up, the follow-up still runs.
    const again = vi.fn();
    warmMprViewWhenIdle(again);
    await vi.waitFor(() => expect(again).toHaveBeenCalledTimes(1));
    expect(warmMprEngine).toHaveBeenCalledTimes(1);
  }, 5000);

  it('does not run the follow-up after the 3D view unmounted', async () => {
    vi.useFakeTimers();
    const { warmMprViewWhenIdle } = await import('./mpr-child-loader.ts');
    const onWarm = vi.fn();
    const cancel = warmMprViewWhenIdle(onWarm);
    cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(onWarm).not.toHaveBeenCalled();
  });

  it('waits for the first-image gate when nothing warmed it', async () => {
    vi.useFakeTimers();
    const { loadMprChild } = await import('./mpr-child-loader.ts');
    const outcome = Promise.race([loadMprChild(), new Promise((resolve) => setTimeout(resolve, 100, 'gated'))]);
    await vi.advanceTimersByTimeAsync(150);
    expect(await outcome).toBe('gated');
  });
});
