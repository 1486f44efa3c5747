import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import { LocalObjectStorage } from '../storage/local/local-object-storage.ts';
import { localObjectRoutes } from '../storage/local/object-routes.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';

export interface StoragePluginOptions {
  /** Tests pass their own; otherwise STORAGE_URL decides (local folder or S3 bucket). */
  storage?: ObjectStorage;
}

/**
 * `app.storage` for every module, and, with the local driver, the routes its signed URLs point at
 * (with S3 the browser talks to the bucket itself).
 */
export default fp(
  async function storagePlugin(app: FastifyInstance, opts: StoragePluginOptions) {
    const storage = opts.storage ?? createObjectStorage(app.config);
    app.decorate('storage', storage);
    if (storage instanceof LocalObjectStorage) await app.register(localObjectRoutes, { storage });
  },
  { name: 'storage' },
);
