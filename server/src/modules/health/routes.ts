import { routes } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

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
    const [db, storage] = await Promise.all([databaseReachable(app), storageWritable(app)]);
    const ok = db && storage;
    reply.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'degraded',
      database: db ? 'ok' : 'unreachable',
      storage: storage ? 'ok' : 'not_writable',
      version: VERSION,
    } as const;
  });
}
