/**
 * Engine state for React: an immutable snapshot with a revision, replaced on change and published at
 * most once per animation frame, so drags and streaming do not re-render the panes more often than
 * the screen can show.
 */
export interface SnapshotStore<T extends { revision: number }> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
  /** Merges the change now; listeners hear of it on the next frame. */
  update(change: Partial<Omit<T, 'revision'>>): void;
  /** Tells listeners now (tests, and the last update before going away). */
  flush(): void;
  dispose(): void;
}

export function createSnapshotStore<T extends { revision: number }>(initial: T): SnapshotStore<T> {
  let snapshot = initial;
  let dirty = false;
  let frame = 0;
  const listeners = new Set<() => void>();

  function flush() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    if (!dirty) return;
    dirty = false;
    for (const listener of [...listeners]) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(change) {
      snapshot = { ...snapshot, ...change, revision: snapshot.revision + 1 };
      dirty = true;
      if (!frame) frame = requestAnimationFrame(flush);
    },
    flush,
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      listeners.clear();
    },
  };
}
