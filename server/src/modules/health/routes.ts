import { routes } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { bounded, probeDatabase, probeStorage } from './probes.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/**
 * Readiness may wait a little longer (an orchestrator's readiness probe usually allows 1–3 s), but
 * stays short: an instance whose database takes longer is better taken out of the rotation.
 */
export const READINESS_PROBE_TIMEOUT_MS = 1_500;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Liveness: 200 whenever the process answers, asking nothing of the database or storage. An
  // orchestrator restarts a container whose liveness fails, and restarting every instance cures no outage
  // (issue 27); probing them here would also write to storage at every check and wait on a hung one.
  // Readiness takes an instance out of the rotation instead, and says which dependency failed.
  registerRoute(app, routes.health, async () => ({ status: 'ok', version: VERSION }) as const);

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
