import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue } from '../jobs/job-queue.ts';
import { webAppUrl } from '../mail/links.ts';

/**
 * The job queue (pg-boss on the app's own database) as `app.queue`, and, unless RUN_WORKERS=false, the
 * workers that consume it inside this process (architecture.md §1: same code as `npm run worker`).
 */
export default fp(
  async function queuePlugin(app: FastifyInstance) {
    const queue = createJobQueue(app.database, (error) => app.log.error({ err: error }, 'job queue error'));
    app.decorate('queue', queue);
    app.decorate(
      'expectIngest',
      app.config.runWorkers
        ? () => {
            // Only an optimisation: if it fails, the ingest starts its threads itself, as without it.
            import('../jobs/ingest/expect-ingest.ts')
              .then(({ expectIngest }) => expectIngest())
              .catch((error: unknown) => app.log.warn({ err: error }, 'the ingest threads could not be started ahead'));
          }
        : () => undefined,
    );
    let stopWorkers: (() => Promise<void>) | null = null;
    if (app.config.runWorkers) {
      app.addHook('onReady', async () => {
        // Loaded only where workers run: an API-only instance never loads the imaging code.
        const { startWorkers } = await import('../jobs/workers.ts');
        stopWorkers = await startWorkers({
          database: app.database,
          storage: app.storage,
          queue,
          log: app.log,
          tempDir: app.config.jobTempDir,
          webAppUrl: webAppUrl(app.config),
          volumeDeflateLevel: app.config.volumeDeflateLevel,
          metrics: app.jobMetrics,
        });
      });
    }
    app.addHook('onClose', async () => {
      await stopWorkers?.();
      await queue.stop();
    });
  },
  { name: 'queue', dependencies: ['storage', 'metrics'] },
);
