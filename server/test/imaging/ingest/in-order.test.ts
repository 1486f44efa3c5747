import { describe, expect, it } from 'vitest';
import { inOrder } from '../../../src/imaging/ingest/in-order.ts';

/** Tasks that finish when told to, in any order, recording how many ran at once. */
function controlledTasks() {
  const finish = new Map<number, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  const started: number[] = [];
  return {
    start: (index: number) => {
      started.push(index);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      return new Promise<string>((resolve) => {
        finish.set(index, () => {
          running--;
          resolve(`result ${index}`);
        });
      });
    },
    finish: (index: number) => finish.get(index)?.(),
    started,
    mostAtOnce: () => mostAtOnce,
  };
}

describe('inOrder', () => {
  it('runs a bounded number ahead and yields in index order whatever order tasks finish in', async () => {
    const tasks = controlledTasks();
    const seen: string[] = [];
    const consuming = (async () => {
      for await (const { index, result } of inOrder(6, tasks.start, { ahead: 3 })) seen.push(`${index}:${result}`);
    })();
    await Promise.resolve();
    expect(tasks.started).toEqual([0, 1, 2]);
    for (const i of [2, 1]) tasks.finish(i);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    for (const i of [0, 5, 4, 3]) {
      tasks.finish(i);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await consuming;
    expect(seen).toEqual(['0:result 0', '1:result 1', '2:result 2', '3:result 3', '4:result 4', '5:result 5']);
    expect(tasks.mostAtOnce()).toBe(3);
  });

  it('holds the weight ahead to its limit, one task always going', async () => {
    const weights = [50, 50, 200, 10];
    const started: number[] = [];
    const startedAtEachResult: number[][] = [];
    const start = (index: number) => {
      started.push(index);
      return Promise.resolve(index);
    };
    const limits = { ahead: 10, aheadWeight: 100, weight: (i: number) => weights[i] as number };
    for await (const _ of inOrder(4, start, limits)) startedAtEachResult.push([...started]);
    // 0 and 1 fill the 100; the 200 goes once only 50 is ahead, and 3 only once the 200 is taken.
    expect(startedAtEachResult).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
    const heavy: number[] = [];
    for await (const { result } of inOrder(1, start, { ahead: 10, aheadWeight: 100, weight: () => 500 })) {
      heavy.push(result);
    }
    expect(heavy).toEqual([0]);
  });

  it('rejects when a failed task comes up, and waits for those started before it returns', async () => {
    let settled = 0;
    let started = 0;
    const start = (index: number) => {
      started++;
      return new Promise<number>((resolve, reject) =>
        setTimeout(
          () => {
            settled++;
            if (index === 1) reject(new Error('task 1 failed'));
            else resolve(index);
          },
          index === 1 ? 5 : 30,
        ),
      );
    };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const { result } of inOrder(5, start, { ahead: 4 })) seen.push(result);
      })(),
    ).rejects.toThrow('task 1 failed');
    expect(seen).toEqual([0]);
    // Tasks after the failed one had started: none is left running once the loop has failed.
    expect(started).toBeGreaterThan(2);
    expect(settled).toBe(started);
  });
});
