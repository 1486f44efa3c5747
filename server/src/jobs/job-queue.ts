import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.ts';

/**
 * What the queue carries: only the id of our own Job row, which holds everything else (its type and
 * typed parameters, see job-types.ts), so a message never disagrees with the job it names.
 */
const jobMessage = z.strictObject({ jobId: z.uuid() });
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
  stop(): Promise<void>;
}

export function createJobQueue(database: Database, onError: (error: Error) => void): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
    // No cron jobs; maintenance (archiving, expiry) stays on.
    schedule: false,
  });
  boss.on('error', onError);
  let started: Promise<void> | null = null;
  const knownQueues = new Set<string>();
  let stopped = false;
  /** This process's pg-boss workers per queue, woken on a send instead of waiting out their poll. */
  const localWorkers = new Map<string, string[]>();

  const ready = async (queue: string): Promise<void> => {
    started ??= boss.start().then(() => undefined);
    await started;
    if (!knownQueues.has(queue)) {
      await boss.createQueue(queue);
      knownQueues.add(queue);
    }
  };

  return {
    async send(queue, message, options = {}) {
      jobMessage.parse(message);
      await ready(queue);
      // Retries are ours (the Job row counts attempts), so pg-boss delivers each message once more at most.
      await boss.send(queue, message, {
        retryLimit: 0,
        expireInSeconds: 60 * 60,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // A worker in this process fetches the job now rather than at its next poll (up to 0.5 s later);
      // workers elsewhere still find it by polling.
      if (!options.startAfterSeconds) for (const id of localWorkers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async work(queue, handler, options = {}) {
      await ready(queue);
      const concurrency = options.concurrency ?? 1;
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work(queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
          if (!job) return;
          const message = jobMessage.safeParse(job.data);
          if (message.success) return handler(message.data);
          // Not ours to run (written by hand, or by another program): said, and dropped.
          onError(new Error(`A message on the ${queue} queue names no job: ${JSON.stringify(job.data).slice(0, 200)}`));
        });
        localWorkers.set(queue, [...(localWorkers.get(queue) ?? []), id]);
      }
    },
    async stop() {
      if (stopped || !started) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
