import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SurfaceOptions, SurfaceResult } from './extract-surface.ts';
import type { SurfaceThreadInput, SurfaceThreadMessage } from './surface-thread.ts';

/** Set by scripts/build.mjs to the built thread entry; undefined when the server runs its sources. */
declare const __CM_SURFACE_THREAD_BUNDLE__: string | undefined;
const BUILT_THREAD_ENTRY = typeof __CM_SURFACE_THREAD_BUNDLE__ === 'string' ? __CM_SURFACE_THREAD_BUNDLE__ : undefined;

/**
 * `extractSurface` on a worker thread, so the API that runs in the same process keeps answering while a
 * model is built (seconds of CPU-bound marching cubes and smoothing). The built server starts the
 * thread's own bundle; a server run from its sources (tests, tsx) runs the thread's TypeScript through
 * tsx. Aborting the signal terminates the thread.
 */
export function extractSurfaceInThread(
  volumePath: string,
  options: Partial<SurfaceOptions> = {},
): Promise<SurfaceResult | null> {
  const { signal, log, ...rest } = options;
  signal?.throwIfAborted();
  const input: SurfaceThreadInput = { volumePath, options: rest };
  const worker = BUILT_THREAD_ENTRY
    ? new Worker(new URL(BUILT_THREAD_ENTRY), { workerData: input, execArgv: [] })
    : new Worker(bootstrap(), { eval: true, workerData: input, execArgv: [] });
  return new Promise<SurfaceResult | null>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      finish();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: SurfaceThreadMessage) => {
      if (message.type === 'log') log?.(message.line);
      else if (message.type === 'done') settle(() => resolve(message.result));
      else settle(() => reject(new Error(message.message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the surface thread stopped with code ${code}`))));
  });
}

/**
 * The thread's first code: register tsx, then load the TypeScript entry. (Node 20 does not apply a
 * `--import tsx` given to a worker before it resolves the worker's own entry file.)
 */
function bootstrap(): string {
  // The ES module build of tsx's API (require.resolve would answer its CommonJS build).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./surface-thread.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}
