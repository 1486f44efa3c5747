import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/** A worker thread's entry: its built bundle (set by scripts/build.mjs) and its TypeScript source. */
export interface ThreadEntry {
  /** `file:` URL of the bundle in server/dist; undefined when the server runs its sources. */
  built: string | undefined;
  /** The entry's TypeScript file. */
  source: URL;
}

/**
 * Starts a worker thread on `entry`: the built server starts the thread's own bundle; a server run from
 * its sources (tests, tsx) runs the thread's TypeScript through tsx.
 */
export function startThread(entry: ThreadEntry, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = { workerData, execArgv: [], ...(resourceLimits ? { resourceLimits } : {}) };
  return entry.built
    ? new Worker(new URL(entry.built), options)
    : new Worker(bootstrap(entry.source), { eval: true, ...options });
}

/**
 * The thread's first code: register tsx, then load the TypeScript entry. (Node 20 does not apply a
 * `--import tsx` given to a worker before it resolves the worker's own entry file.)
 */
function bootstrap(source: URL): string {
  // The ES module build of tsx's API (require.resolve would answer its CommonJS build).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
}
