import { routes } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/**
 * Each probe gets this long: a hung database or bucket must not hang the health check (a load balancer
 * or orchestrator gives up after a second or two and would restart a process that is fine).
 */
export const HEALTH_PROBE_TIMEOUT_MS = 800;

/** The probe's answer, or false once the time is up (the probe itself is left to finish or fail). */
function bounded(probe: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_PROBE_TIMEOUT_MS);
  });
  return Promise.race([probe.catch(() => false), timeout]).finally(() => clearTimeout(timer));
}

async function databaseReachable(app: FastifyInstance): Promise<boolean> {
  try {
    await app.database.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Writes and removes a probe object through the storage driver, so a read-only disk or a bucket out of reach shows. */
async function storageWritable(app: FastifyInstance): Promise<boolean> {
  const probe = `health/probe-${process.pid}`;
  try {
    await app.storage.write(probe, Buffer.from('ok'));
    await app.storage.delete(probe);
    return true;
  } catch {
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.health, async ({ reply }) => {
    const [db, storage] = await Promise.all([bounded(databaseReachable(app)), bounded(storageWritable(app))]);
    const ok = db && storage;
    reply.status(ok ? 200 : 503);
    if (!ok) reply.header('retry-after', '5');
    return {
      status: ok ? 'ok' : 'degraded',
      database: db ? 'ok' : 'unreachable',
      storage: storage ? 'ok' : 'not_writable',
      version: VERSION,
    } as const;
  });
}
