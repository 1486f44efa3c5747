import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { activeTraceparent, inJobSpan, TRACEPARENT } from '../telemetry/trace-context.ts';

/**
 * What the queue carries: only the id of our own Job row, which holds everything else (its type and
 * typed parameters, see modules/jobs/job-types.ts), so a message never disagrees with the job it names. With
 * tracing on, also the trace context of the request that queued it, so the job's span continues its
 * trace (absent with tracing off).
 */
const jobMessage = z.strictObject({ jobId: z.uuid(), traceparent: z.string().regex(TRACEPARENT).optional() });
export type JobMessage = z.output<typeof jobMessage>;

export type MessageHandler = (message: JobMessage) => Promise<void>;

/**
 * Delivery of jobs to workers, at least once. pg-boss keeps the delivery state in the same database
 * (PGlite or PostgreSQL, through one adapter); our `jobs` table stays the record of what ran and how.
 */
export interface JobQueue {
  send(queue: string, message: JobMessage, options?: { startAfterSeconds?: number }): Promise<void>;
  /** Consumes a queue in this process; `concurrency` handlers at once. */
  work(queue: string, handler: MessageHandler, options?: { concurrency?: number }): Promise<void>;
  /**
   * A queue whose messages name something other than a Job of the job catalogue (the mail outbox's
   * rows, server/src/mail/outbox.ts): the same pg-boss delivery, a message schema of its own.
   */
  channel<T>(queue: string, schema: z.ZodType<T>): QueueChannel<T>;
  /** Messages per queue waiting for a worker and held by one (the metrics' queue depth). */
  depth(): Promise<QueueDepth[]>;
  /** Marks a delivery failed (its worker died); the job it names is sent again by the sweep. */
  fail(queue: string, deliveryId: string, reason: string): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
}

export interface QueueChannel<T> {
  send(message: T, options?: { startAfterSeconds?: number }): Promise<void>;
  work(handler: (message: T) => Promise<void>, options?: { concurrency?: number }): Promise<void>;
}

/** PostgreSQL's SQLSTATE deadlock_detected. */
const DEADLOCK_DETECTED = '40P01';
/** Tries at creating a queue: each deadlock lets one racing process through, and only a few start together. */
const QUEUE_CREATE_ATTEMPTS = 5;

export function createJobQueue(database: Database, onError: (error: Error) => void): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
    // No cron jobs; maintenance (archiving, expiry) stays on.
    schedule: false,
  });
  boss.on('error', onError);
  let started: Promise<void> | null = null;
  /** One creation per queue and process: two concurrent createQueue calls can deadlock on PostgreSQL. */
  const knownQueues = new Map<string, Promise<void>>();
  let stopped = false;
  /** This process's pg-boss workers per queue, woken on a send instead of waiting out their poll. */
  const localWorkers = new Map<string, string[]>();

  const start = async (): Promise<void> => {
    started ??= boss.start().then(() => undefined);
    await started;
  };
  const ready = async (queue: string): Promise<void> => {
    await start();
    let created = knownQueues.get(queue);
    if (!created) {
      created = createQueueOnce(queue).catch((error: unknown) => {
        knownQueues.delete(queue);
        throw error;
      });
      knownQueues.set(queue, created);
    }
    await created;
  };

  /**
   * Creates a queue unless it exists. Two processes creating different queues at once deadlock inside
   * pg-boss's create_queue (each holds a lock the other's partition or foreign key needs); PostgreSQL
   * rolls one of them back whole, and that one simply tries again. Without this, an API and a worker
   * started together on a new database could lose the race and exit.
   */
  async function createQueueOnce(queue: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(queue)) return;
        await boss.createQueue(queue);
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 80));
      }
    }
  }

  async function sendOn(queue: string, data: object, options: { startAfterSeconds?: number }): Promise<void> {
    await ready(queue);
    // Retries are ours (the Job row counts attempts), so pg-boss delivers each message once more at most.
    await boss.send(queue, data, {
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    // A worker in this process fetches the job now rather than at its next poll (up to 0.5 s later);
    // workers elsewhere still find it by polling.
    if (!options.startAfterSeconds) for (const id of localWorkers.get(queue) ?? []) boss.notifyWorker(id);
  }

  async function workOn<T>(
    queue: string,
    schema: z.ZodType<T>,
    handler: (message: T) => Promise<void>,
    concurrency: number,
  ): Promise<void> {
    await ready(queue);
    for (let i = 0; i < concurrency; i++) {
      const id = await boss.work(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        const message = schema.safeParse(job.data);
        if (message.success) return handler(message.data);
        // Not ours to run (written by hand, or by another program): said, and dropped.
        onError(
          new Error(`A message on the ${queue} queue is not one of ours: ${JSON.stringify(job.data).slice(0, 200)}`),
        );
      });
      localWorkers.set(queue, [...(localWorkers.get(queue) ?? []), id]);
    }
  }

  return {
    async send(queue, message, options = {}) {
      const traceparent = activeTraceparent();
      await sendOn(queue, jobMessage.parse(traceparent ? { ...message, traceparent } : message), options);
    },
    async work(queue, handler, options = {}) {
      const traced = (message: JobMessage) =>
        inJobSpan(queue, message.traceparent, { 'cardiomap.job_id': message.jobId }, () => handler(message));
      await workOn(queue, jobMessage, traced, options.concurrency ?? 1);
    },
    channel<T>(queue: string, schema: z.ZodType<T>): QueueChannel<T> {
      return {
        send: async (message, options = {}) => sendOn(queue, schema.parse(message) as object, options),
        work: async (handler, options = {}) => workOn(queue, schema, handler, options.concurrency ?? 1),
      };
    },
    async depth() {
      if (stopped) return [];
      await start();
      // pg-boss's own queues (names starting with __) are its business.
      const queues = (await boss.getQueues()).filter((q) => !q.name.startsWith('__'));
      return Promise.all(
        queues.map(async ({ name }) => {
          const waiting = await boss.getQueueSize(name);
          const notDone = await boss.getQueueSize(name, { before: 'completed' });
          return { queue: name, waiting, active: notDone - waiting };
        }),
      );
    },
    async fail(queue, deliveryId, reason) {
      await ready(queue);
      await boss.fail(queue, deliveryId, { reason });
    },
    async stop() {
      if (stopped || !started) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
