import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createResponseSerializerCompiler } from './lib/response-serializer.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { analysesModule } from './modules/analyses/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { applyCaseTransition, casesModule, presentCase, setTrial } from './modules/cases/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobsModule } from './modules/jobs/index.ts';
import { landmarksModule } from './modules/landmarks/index.ts';
import { licencesModule } from './modules/licences/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { organisationsModule } from './modules/organisations/index.ts';
import { pagesModule } from './modules/pages/index.ts';
import { registrationModule } from './modules/registration/index.ts';
import { reportContentChangedHook, reportsModule } from './modules/reports/index.ts';
import { sharingModule } from './modules/sharing/index.ts';
import { studiesModule } from './modules/studies/index.ts';
import { trainingsModule } from './modules/trainings/index.ts';
import { recordIngestOutcome, uploadsModule } from './modules/uploads/index.ts';
import { usersModule } from './modules/users/index.ts';
import { viewerModule } from './modules/viewer/index.ts';
import { visualisationsModule } from './modules/visualisations/index.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import formDataPlugin from './plugins/form-data.ts';
import inputTextPlugin from './plugins/input-text.ts';
import { loggerOptions } from './plugins/logging.ts';
import mailPlugin, { type Mailer } from './plugins/mail.ts';
import mailOutboxPlugin from './plugins/mail-outbox.ts';
import metricsPlugin from './plugins/metrics.ts';
import objectAccessPlugin from './plugins/object-access.ts';
import openapiPlugin from './plugins/openapi.ts';
import queuePlugin from './plugins/queue.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityPlugin from './plugins/security.ts';
import staticWebPlugin from './plugins/static-web.ts';
import storagePlugin from './plugins/storage.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass their own transport; otherwise SMTP_URL or the outbox folder decides. */
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
}

/** The whole API as ordered plugins: cross-cutting concerns first, then the modules, the web app last. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : deps.logStream
          ? { ...(loggerOptions(deps.config) as object), stream: deps.logStream }
          : loggerOptions(deps.config),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Forwarding headers are attacker text unless a named proxy set them (issue 22).
    trustProxy: deps.config.trustedProxies.length > 0 ? deps.config.trustedProxies : false,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
    // One line per request, written when it completes (see below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkAgainstContract: deps.config.env === 'test' }));
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorateRequest('actor', null);
  // Lets a user quote the id of a failed request to support, and support find it in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });

  // Graceful shutdown: requests in flight finish, and their keep-alive connections close with them,
  // otherwise an idle-after-close connection would hold the process open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(inputTextPlugin);
  await app.register(formDataPlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin, { mailer: deps.mailer });
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(objectAccessPlugin);
  await app.register(queuePlugin);
  await app.register(mailOutboxPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(accountsModule);
  await app.register(catalogueModule);
  await app.register(trainingsModule);
  await app.register(licencesModule);
  await app.register(pagesModule);
  await app.register(auditModule);
  await app.register(casesModule);
  await app.register(usersModule);
  // Orders may not import cases (cases imports orders): what it needs of a case is handed over here.
  await app.register(ordersModule, { cases: { applyCaseTransition, presentCase, setTrial } });
  await app.register(sharingModule);
  await app.register(registrationModule);
  await app.register(organisationsModule);
  await app.register(uploadsModule);
  await app.register(studiesModule);
  // A terminated ingest job hands its upload back to the uploads module, which owns it.
  await app.register(jobsModule, {
    terminated: async (tx, job) => {
      if (job.inputDataId) await recordIngestOutcome(tx, job.inputDataId, { kind: 'terminated' });
    },
  });
  await app.register(visualisationsModule);
  await app.register(viewerModule);
  // A figure, result or published landmark of a delivered analysis changed makes a new report version
  // (issue 18 §1).
  const contentChanged = reportContentChangedHook((queue, jobId) => app.queue.send(queue, { jobId }));
  await app.register(analysesModule, { contentChanged });
  await app.register(landmarksModule, { contentChanged });
  await app.register(reportsModule);

  await app.register(staticWebPlugin);
  return app;
}
