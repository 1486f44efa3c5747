import { describe, expect, it, vi } from 'vitest';
import { holdBackFrames } from './mpr-volume.ts';

vi.mock('@cornerstonejs/core', () => ({ cache: {}, ImageVolume: class {}, utilities: {} }));

/** A volume whose streaming texture has every frame marked changed, as after Cornerstone's set-up. */
function volume(depth: number) {
  const frames: (boolean | null)[] = Array.from({ length: depth }, () => true);
  const fake = { dimensions: [4, 4, depth], vtkOpenGLTexture: { getUpdatedFrames: () => frames } };
  return { frames, volume: fake as unknown as Parameters<typeof holdBackFrames>[0] };
}

describe('holdBackFrames (issue 30: the first draw uploads only the middle slices)', () => {
  it('leaves only the kept frames changed and answers the others, nearest the middle first', () => {
    const { frames, volume: v } = volume(7);
    const held = holdBackFrames(v, (k) => Math.abs(k - 3) <= 1);
    expect(frames).toEqual([null, null, true, true, true, null, null]);
    expect(held.slice(0, 2).sort()).toEqual([1, 5]);
    expect(held.slice(2).sort()).toEqual([0, 6]);
  });

  it('holds nothing back from frames that were not changed', () => {
    const { frames, volume: v } = volume(5);
    frames[0] = null;
    expect(holdBackFrames(v, () => false).sort()).toEqual([1, 2, 3, 4]);
  });
});
