import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerReply, WorkerRequest } from './inflate-messages.ts';
import { createInflaterPool } from './inflater-pool.ts';

/** A stand-in worker that answers each inflate with the bytes it was sent. */
class EchoWorker {
  static made = 0;
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  constructor() {
    EchoWorker.made++;
  }
  postMessage(request: WorkerRequest) {
    if (request.type !== 'inflate') return;
    queueMicrotask(() => this.onmessage?.({ data: { id: request.id, raw: request.compressed } } as MessageEvent));
  }
  terminate() {}
}

afterEach(() => {
  EchoWorker.made = 0;
  vi.unstubAllGlobals();
});

describe('createInflaterPool', () => {
  it('starts its workers on first use, not when made: they would compete with the first image', async () => {
    vi.stubGlobal('Worker', EchoWorker);
    const pool = createInflaterPool(2);
    expect(EchoWorker.made).toBe(0);
    expect(await pool.inflate(Uint8Array.of(1, 2, 3), 3)).toEqual(Uint8Array.of(1, 2, 3));
    expect(await pool.inflate(Uint8Array.of(4), 1)).toEqual(Uint8Array.of(4));
    expect(EchoWorker.made).toBe(2);
    pool.dispose();
  });

  it('starts none when disposed unused', () => {
    vi.stubGlobal('Worker', EchoWorker);
    createInflaterPool(2).dispose();
    expect(EchoWorker.made).toBe(0);
  });
});
