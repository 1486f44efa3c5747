import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import type { JobMetrics } from '../telemetry/metrics.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * What the job runners need from the process. Its own file, not workers.ts: the runners import it and
 * workers.ts imports the runners, which made an import cycle.
 */
export interface WorkerDeps {
  database: Database;
  storage: ObjectStorage;
  queue: JobQueue;
  log: FastifyBaseLogger;
  tempDir: string;
  /** Where the web app is (PUBLIC_URL), for the links in the mail a job writes (mail/links.ts) and in reports. */
  webAppUrl: string;
  /** zlib level of the volume's slices (VOLUME_DEFLATE_LEVEL); unset, the volume writer's default. */
  volumeDeflateLevel?: number;
  /** Job counts, durations and ingested slices (plugins/metrics.ts); unset, nothing is recorded. */
  metrics?: JobMetrics;
}
