export interface InOrderLimits {
  /** Tasks started and not yet taken by the caller, at most. */
  ahead: number;
  /** Their weight (bytes), at most; one task always runs whatever its weight. */
  aheadWeight?: number;
  weight?(index: number): number;
}

/**
 * Runs `start(0)`, `start(1)`, … a bounded number ahead of the caller and yields their results in index
 * order, so the work runs in parallel while memory stays flat. A failed task rejects when its turn comes.
 * When the caller stops early (break, throw), the tasks already started are waited for before the
 * generator returns: none is left running behind it.
 */
export async function* inOrder<T>(
  count: number,
  start: (index: number) => Promise<T>,
  { ahead, aheadWeight = Number.POSITIVE_INFINITY, weight = () => 0 }: InOrderLimits,
): AsyncGenerator<{ index: number; result: T }> {
  const started: { index: number; promise: Promise<T> }[] = [];
  let next = 0;
  let weightAhead = 0;
  const fill = () => {
    while (next < count && (started.length === 0 || (started.length < ahead && weightAhead < aheadWeight))) {
      const promise = start(next);
      // Marks the rejection handled while it waits its turn; the consumer awaits it and sees the error.
      promise.catch(() => undefined);
      weightAhead += weight(next);
      started.push({ index: next, promise });
      next++;
    }
  };
  try {
    fill();
    while (started.length > 0) {
      const head = started[0] as (typeof started)[number];
      const result = await head.promise;
      started.shift();
      weightAhead -= weight(head.index);
      fill();
      yield { index: head.index, result };
    }
  } finally {
    await Promise.allSettled(started.map((s) => s.promise));
  }
}
