import type { Config } from '../config.ts';
import { parseS3StorageUrl } from './s3/s3-object-storage.ts';

/**
 * The origins the browser must be allowed to reach (CSP connect-src) for the signed URLs: none beyond
 * 'self' for the local driver (its URLs are the API's own), the bucket's origin for S3, path-style or
 * virtual-hosted as the SDK will address it.
 */
export function storageConnectSources(config: Config): string[] {
  if (!config.storageUrl.startsWith('s3://')) return [];
  const { bucket } = parseS3StorageUrl(config.storageUrl);
  const { endpoint, region, forcePathStyle } = config.s3;
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  return [forcePathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`];
}
