import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from './object-storage.ts';

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** SHA-256 (hex) of a stored object, streamed: memory stays flat whatever its size. */
export const sha256OfObject = async (storage: ObjectStorage, key: string): Promise<string> =>
  sha256Of(await storage.read(key));

/** SHA-256 (hex) of a local file, streamed in 4 MB steps. */
export const sha256OfFile = (path: string): Promise<string> =>
  sha256Of(createReadStream(path, { highWaterMark: 4 * 1024 * 1024 }));
