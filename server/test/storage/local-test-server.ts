import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import storagePlugin from '../../src/plugins/storage.ts';
import { LocalObjectStorage } from '../../src/storage/local/local-object-storage.ts';

export interface LocalStorageServer {
  app: FastifyInstance;
  storage: LocalObjectStorage;
  root: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Moves the driver's clock (milliseconds) to expire URLs without waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/**
 * A bare Fastify with only the storage plugin, listening on a free loopback port, so uploads go through
 * real sockets (chunked bodies, dropped connections) rather than inject.
 */
export async function startLocalStorageServer(): Promise<LocalStorageServer> {
  const root = mkdtempSync(join(tmpdir(), 'cm-objects-'));
  let offset = 0;
  const storage = new LocalObjectStorage({ root, secret: randomBytes(32), now: () => Date.now() + offset });
  const app = Fastify({ logger: false });
  await app.register(storagePlugin, { storage });
  // A JSON route beside the storage routes: their raw-body parser must not reach it.
  app.post('/api/echo/', async (request) => ({ received: request.body }));
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    storage,
    root,
    origin,
    advanceClock: (ms) => {
      offset += ms;
    },
    async close() {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder, relative, so a test can say exactly what is left on disk. */
export function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}
