import type { Config } from '../config.ts';
import { createLocalObjectStorage } from './local/local-object-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3ObjectStorage } from './s3/s3-object-storage.ts';

/**
 * Picks the driver from STORAGE_URL: `file:///folder` (the default, DATA_DIR/objects) or `s3://bucket[/prefix]`.
 * Kept apart from the interface, which the drivers import: together they formed an import cycle.
 */
export function createObjectStorage(config: Config): ObjectStorage {
  if (config.storageUrl.startsWith('s3://')) return createS3ObjectStorage(config);
  return createLocalObjectStorage(config);
}
