import { access, constants, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Writes and removes a probe object, so a read-only or full disk shows as not writable. */
async function storageWritable(app: FastifyInstance): Promise<boolean> {
  const root = new URL(app.config.storageUrl).pathname;
  try {
    await mkdir(root, { recursive: true });
    await access(root, constants.W_OK);
    const probe = join(root, `.health-${process.pid}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
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
