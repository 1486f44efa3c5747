import { routes } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { bounded, probeDatabase, probeStorage } from './probes.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Each liveness probe gets this long, so the whole answer comes within a second. */
export const HEALTH_PROBE_TIMEOUT_MS = 800;

/**
 * Readiness may wait a little longer (an orchestrator's readiness probe usually allows 1–3 s), but
 * stays short: an instance whose database takes longer is better taken out of the rotation.
 */
export const READINESS_PROBE_TIMEOUT_MS = 1_500;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Liveness: 200 whenever the process answers. An orchestrator restarts a container whose liveness
  // fails, and restarting every instance cures no database or storage outage (issue 27): those take an
  // instance out of the rotation through readiness instead. What it names is for people.
  registerRoute(app, routes.health, async () => {
    const [db, storage] = await Promise.all([
      bounded(() => probeDatabase(app), HEALTH_PROBE_TIMEOUT_MS),
      bounded(() => probeStorage(app), HEALTH_PROBE_TIMEOUT_MS),
    ]);
    const ok = db.status === 'ok' && storage.status === 'ok';
    return {
      status: ok ? 'ok' : 'degraded',
      database: db.status === 'ok' ? 'ok' : 'unreachable',
      storage: storage.status === 'ok' ? 'ok' : 'not_writable',
      version: VERSION,
    } as const;
  });

  // Readiness: send this instance traffic only when what every request needs answers in time.
  registerRoute(app, routes.healthReady, async ({ reply }) => {
    const [database, storage] = await Promise.all([
      bounded(() => probeDatabase(app), READINESS_PROBE_TIMEOUT_MS),
      bounded(() => probeStorage(app), READINESS_PROBE_TIMEOUT_MS),
    ]);
    const ready = database.status === 'ok' && storage.status === 'ok';
    reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    if (!ready) reply.header('retry-after', '5');
    return { status: ready ? 'ready' : 'not_ready', checks: { database, storage }, version: VERSION } as const;
  });
}
