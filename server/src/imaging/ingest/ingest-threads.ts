import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../threads/start-thread.ts';
import type {
  HashOutcome,
  HashTask,
  IngestOutcome,
  IngestTask,
  PrepareOutcome,
  PrepareTask,
  ScanOutcome,
  ScanTask,
} from './ingest-tasks.ts';
import type { IngestThreadReply, IngestThreadRequest } from './ingest-thread.ts';

/** Set by scripts/build.mjs to the built thread entry; undefined when the server runs its sources. */
declare const __CM_INGEST_THREAD_BUNDLE__: string | undefined;
const BUILT_THREAD_ENTRY = typeof __CM_INGEST_THREAD_BUNDLE__ === 'string' ? __CM_INGEST_THREAD_BUNDLE__ : undefined;

/** One thread per core, up to four: the job's own thread mostly waits, libuv's pool only writes. */
const THREADS = Math.max(1, Math.min(availableParallelism(), 4));
/**
 * A small young generation: a thread's objects live for one file (its parsed header), and V8's default
 * lets each thread's young space grow to tens of MB, which the server's memory target (300 MB with a
 * 2 GB upload) cannot spare for every thread.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 };
/**
 * Threads are stopped after this long without work, unless an announced upload asked to keep them
 * longer (`warmUp`): kept between an ingest's passes, not otherwise between ingests. Kept a minute after
 * every ingest, they held enough to take a 2 GB ingest past its 300 MB target (309 MB; 281 MB this way);
 * kept from an upload's announcement, the same bench peaked at 258–278 MB.
 */
const IDLE_MS = 5_000;
/** Sample slices a thread started ahead of an ingest runs through (ingest-tasks.ts `warmUp`). */
const WARM_UP_FILES = 12;

export interface IngestThreads {
  readonly size: number;
  /** Threads started and not yet stopped. */
  readonly running: number;
  /** Idle threads are kept until at least this time (epoch ms; `warmUp`), else stopped after a few seconds. */
  readonly keptUntil: number;
  scan(task: Omit<ScanTask, 'op'>): Promise<ScanOutcome>;
  prepare(task: Omit<PrepareTask, 'op'>): Promise<PrepareOutcome>;
  /** Digests of frames' HU, to tell copies from different images at one position. */
  hash(task: Omit<HashTask, 'op'>): Promise<HashOutcome>;
  /**
   * Starts every thread now and has each compile its code on a sample, and keeps them at least
   * `keepForMs` (idle threads are otherwise stopped after a few seconds): for an upload that has been
   * announced, so that its ingest does not wait for threads to start and V8 to compile.
   */
  warmUp(keepForMs: number): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(outcome: IngestOutcome): void; reject(error: Error): void }>;
}

/** A thread's fault (an I/O error while reading, a thread that stopped): the job fails and is retried. */
export class IngestThreadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'IngestThreadError';
  }
}

let shared: IngestThreads | undefined;

/**
 * The process's ingest threads, shared by every ingest it runs. Started at first use and stopped when
 * idle; a task goes to the thread with the fewest waiting. An ingest's CPU (inflating, parsing,
 * de-identifying, decoding, compressing) runs here on every core, and the API on the same process keeps
 * its thread.
 */
export function ingestThreads(): IngestThreads {
  shared ??= createIngestThreads(THREADS);
  return shared;
}

/** A pool of its own: `ingestThreads()` is the process's; tests make small ones with a short idle delay. */
export function createIngestThreads(size: number, { idleMs = IDLE_MS } = {}): IngestThreads {
  const threads: Thread[] = [];
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Until when idle threads are kept although idle (`warmUp`), epoch ms. */
  let keepUntil = 0;

  const busy = () => threads.some((t) => t.pending.size > 0);
  const settleIdle = () => {
    if (busy()) return;
    for (const t of threads) t.worker.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => {
        for (const t of threads.splice(0)) void t.worker.terminate();
      },
      Math.max(idleMs, keepUntil - Date.now()),
    );
    idleTimer.unref();
  };

  const start = (): Thread => {
    const thread: Thread = {
      worker: startThread({ built: BUILT_THREAD_ENTRY, source: threadSource() }, undefined, THREAD_LIMITS),
      pending: new Map(),
    };
    const fail = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
      settleIdle();
    };
    thread.worker.on('message', (reply: IngestThreadReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.outcome);
      else waiting.reject(new IngestThreadError(reply.message, reply.code));
      settleIdle();
    });
    thread.worker.on('error', (error) => fail(new IngestThreadError(`an ingest thread failed: ${error.message}`)));
    thread.worker.on('exit', (code) => fail(new IngestThreadError(`an ingest thread stopped with code ${code}`)));
    threads.push(thread);
    return thread;
  };

  const send = (thread: Thread, task: IngestTask): Promise<IngestOutcome> => {
    clearTimeout(idleTimer);
    thread.worker.ref();
    const id = nextId++;
    return new Promise<IngestOutcome>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, task } satisfies IngestThreadRequest);
    });
  };

  const run = (task: IngestTask): Promise<IngestOutcome> =>
    send(
      threads.length < size ? start() : threads.reduce((least, t) => (t.pending.size < least.pending.size ? t : least)),
      task,
    );

  return {
    size,
    get running() {
      return threads.length;
    },
    get keptUntil() {
      return keepUntil;
    },
    warmUp(keepForMs) {
      keepUntil = Math.max(keepUntil, Date.now() + keepForMs);
      // A failed warm-up costs only its time: the thread's fault, if any, fails its next task as usual.
      while (threads.length < size) send(start(), { op: 'warm-up', files: WARM_UP_FILES }).catch(() => undefined);
      settleIdle();
    },
    scan: (task) => run({ op: 'scan', ...task }) as Promise<ScanOutcome>,
    prepare: (task) => run({ op: 'prepare', ...task }) as Promise<PrepareOutcome>,
    hash: (task) => run({ op: 'hash', ...task }) as Promise<HashOutcome>,
  };
}

function threadSource(): URL {
  return new URL('./ingest-thread.ts', import.meta.url);
}
