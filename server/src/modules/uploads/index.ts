import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadRoutes } from './routes.ts';
import { createUploadsService } from './service.ts';

export { removeExpiredUploads } from './expire-uploads.ts';
export { type IngestOutcome, recordIngestOutcome } from './ingest-outcome.ts';
export { findInputData, type StoredSeries, uploadAcceptsWrites } from './repository.ts';
export { WRITE_URL_SECONDS } from './service.ts';

/** Uploads (spec §7 input-data/): signed upload links, confirmation that starts ingest, staff re-runs. */
export const uploadsModule = fp(
  async function uploadsModule(app: FastifyInstance) {
    uploadRoutes(
      app,
      createUploadsService(
        app.database,
        app.storage,
        {
          enqueue: (queue, jobId) => app.queue.send(queue, { jobId }),
          expectIngest: () => app.expectIngest(),
        },
        app.config.uploadLimits,
      ),
    );
  },
  { name: 'uploads', dependencies: ['auth', 'storage', 'queue'] },
);
