import { describe, expect, it, vi } from 'vitest';
import { createSnapshotStore } from './snapshot-store.ts';

describe('createSnapshotStore', () => {
  it('replaces the snapshot on each update and tells listeners once per frame', async () => {
    const store = createSnapshotStore({ revision: 0, zoom: 1, slice: 0 });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.update({ zoom: 2 });
    store.update({ slice: 7 });
    expect(store.getSnapshot()).toEqual({ revision: 2, zoom: 2, slice: 7 });
    expect(before).toEqual({ revision: 0, zoom: 1, slice: 0 });
    expect(listener).not.toHaveBeenCalled();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed, and everyone after dispose', () => {
    const store = createSnapshotStore({ revision: 0, zoom: 1 });
    const gone = vi.fn();
    const kept = vi.fn();
    store.subscribe(gone)();
    store.subscribe(kept);
    store.update({ zoom: 3 });
    store.flush();
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
    store.dispose();
    store.update({ zoom: 4 });
    store.flush();
    expect(kept).toHaveBeenCalledTimes(1);
  });
});
