import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMetrics, type JobMetrics, type Metrics, NO_JOB_METRICS } from '../telemetry/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics; null unless METRICS_PORT is set. */
    metrics: (Metrics & { url: () => string }) | null;
    /** What the job runners record (a no-op without metrics). */
    jobMetrics: JobMetrics;
  }
}

/** Methods outside this set (anyone can send `FOO /`) are counted as one label value. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function carriesToken(request: IncomingMessage, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics on a port of their own (METRICS_PORT), behind a bearer token (METRICS_TOKEN): the
 * API's port never serves them, and a worker process, which has no API, serves its jobs' figures the
 * same way. Off by default: no hook, no server.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const settings = app.config.metrics;
    if (!settings) {
      app.decorate('metrics', null);
      app.decorate('jobMetrics', NO_JOB_METRICS);
      return;
    }
    const metrics = createMetrics({ database: app.database, queueDepth: () => app.queue.depth() });
    let server: Server | null = null;
    app.decorate('metrics', {
      ...metrics,
      url: () => {
        const address = server?.address();
        return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}/metrics` : '';
      },
    });
    app.decorate('jobMetrics', metrics.jobs);

    // The route's pattern (`/api/cases/:id/`), never the URL: ids and query strings stay out of labels.
    // A callback hook, not an async one: no promise per request for a few microseconds of work.
    app.addHook('onResponse', (request, reply, done) => {
      const method = METHODS.has(request.method) ? request.method : 'other';
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.request(method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        if (!carriesToken(request, settings.token)) {
          response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
          return;
        }
        metrics.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics could not be collected');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject).listen(settings.port, app.config.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  },
  { name: 'metrics' },
);
