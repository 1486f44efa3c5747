import { checkPng, type PngCheck } from '../../imaging/png/png-check.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';

async function bytesOf(storage: ObjectStorage, key: string, start: number, end: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key, { start, end })) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A figure upload checked from its first and last bytes (PNG signature, header, dimensions, end). */
export async function checkFigure(storage: ObjectStorage, key: string, size: number): Promise<PngCheck> {
  if (size < 45) return checkPng(new Uint8Array(), new Uint8Array(), size);
  const [head, tail] = await Promise.all([bytesOf(storage, key, 0, 32), bytesOf(storage, key, size - 12, size - 1)]);
  return checkPng(head, tail, size);
}
