import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import { CASES_CHANGED_CHANNEL, CaseListCache } from './list-cache.ts';
import { caseRoutes } from './routes.ts';
import { createCasesService } from './service.ts';

export {
  applyCaseTransition,
  type CaseTransitionOptions,
  type CaseTransitionOutcome,
} from './case-transition.ts';
export { setTrial } from './case-trial.ts';
export { presentCase } from './presenter.ts';
export { findIngestFacts } from './repository.ts';

/**
 * Cases (spec §7 "Cases"): list, create, read, edit, the text export, the case transitions and the
 * case's rejection (case-rejections/, read and made through the same reject transition).
 */
export const casesModule = fp(
  async function casesModule(app: FastifyInstance) {
    const listCache = new CaseListCache();
    const stopListening = await app.database.listen(CASES_CHANGED_CHANNEL, {
      onNotify: () => listCache.changed(),
      onReady: () => listCache.setListening(true),
      onLost: () => listCache.setListening(false),
    });
    app.addHook('onClose', async () => stopListening());
    // Read-your-writes: a change made through this instance drops the pages before its answer leaves,
    // without waiting for the database's notice to come back.
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') listCache.changed();
    });
    const notifier = { baseUrl: webAppUrl(app.config), dispatch: app.dispatchMail };
    caseRoutes(app, createCasesService(app.database, notifier, listCache));
  },
  { name: 'cases', dependencies: ['auth', 'mail-outbox'] },
);
