import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { QueueDepth } from '../jobs/job-queue.ts';

/** How a run of a job ended, as the runner saw it (the metrics' `outcome` label). */
export type JobOutcome = 'completed' | 'retried' | 'failed' | 'stopped';

/** What the job runner and the ingest record; a no-op where metrics are off. */
export interface JobMetrics {
  jobEnded(jobType: string, outcome: JobOutcome, seconds: number): void;
  slicesIngested(count: number): void;
}

export const NO_JOB_METRICS: JobMetrics = { jobEnded: () => undefined, slicesIngested: () => undefined };

/** Seconds: from a cached read (a few ms) to a slow export; the 2xx answers of this API sit well inside. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a report takes a second or two, an ingest of a large CT minutes. */
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export interface MetricsSources {
  database: Database;
  queueDepth: () => Promise<QueueDepth[]>;
}

/**
 * One process's Prometheus metrics, on a registry of its own (never prom-client's global one: tests build
 * several apps in one process). Every label is from a closed set (route patterns, job types, outcomes,
 * queue names), never an id, a URL or anything a user typed.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();

  const requestSeconds = new Histogram({
    name: 'cardiomap_http_request_duration_seconds',
    help: 'API requests by route pattern, method and status code; _count gives the request rate.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'cardiomap_job_duration_seconds',
    help: 'Job runs in this process by job type and outcome; _count gives the runs.',
    labelNames: ['job_type', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'cardiomap_jobs_total',
    help: 'Job runs ended in this process, by job type and outcome (failed: given up after the last attempt).',
    labelNames: ['job_type', 'outcome'] as const,
    registers: [registry],
  });
  const slices = new Counter({
    name: 'cardiomap_ingest_slices_total',
    help: 'Slices written into volumes by the ingests of this process; rate() gives slices per second.',
    registers: [registry],
  });
  new Gauge({
    name: 'cardiomap_queue_jobs',
    help: 'Messages in the job queue (pg-boss): waiting for a worker, or held by one.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await sources.queueDepth().catch(() => [])) {
        this.set({ queue: q.queue, state: 'waiting' }, q.waiting);
        this.set({ queue: q.queue, state: 'active' }, q.active);
      }
    },
  });
  new Gauge({
    name: 'cardiomap_db_pool_connections',
    help: 'Database connections: total open, idle, and requests waiting for one (PGlite: one connection, no pool).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.database.poolStats();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'max' }, pool.max);
      if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle);
      if (pool.waiting !== undefined) this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    request(method: string, route: string, statusCode: number, seconds: number): void {
      requestSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    jobs: {
      jobEnded(jobType, outcome, seconds) {
        jobs.inc({ job_type: jobType, outcome });
        jobSeconds.observe({ job_type: jobType, outcome }, seconds);
      },
      slicesIngested(count) {
        slices.inc(count);
      },
    } satisfies JobMetrics,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
