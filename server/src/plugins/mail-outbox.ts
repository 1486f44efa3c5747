import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailSender, dispatchMail } from '../mail/outbox.ts';

/**
 * The mail outbox's two ends: `app.dispatchMail(ids)` for services after their commit, and, where this
 * process runs the workers (RUN_WORKERS, `npm run worker`), the sender that delivers the rows.
 */
export default fp(
  async function mailOutboxPlugin(app: FastifyInstance) {
    app.decorate('dispatchMail', (ids: readonly (string | null)[]) => dispatchMail(app.queue, ids, app.log));
    if (!app.config.runWorkers) return;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await createMailSender({
        database: app.database,
        queue: app.queue,
        mailer: app.mailer,
        log: app.log,
      }).start();
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'mail-outbox', dependencies: ['mail', 'queue'] },
);
