import { startThread } from '../threads/start-thread.ts';
import type { AnatomyModel } from './anatomy-model.ts';
import type { SurfaceThreadInput, SurfaceThreadMessage } from './surface-thread.ts';

/** Set by scripts/build.mjs to the built thread entry; undefined when the server runs its sources. */
declare const __CM_SURFACE_THREAD_BUNDLE__: string | undefined;
const BUILT_THREAD_ENTRY = typeof __CM_SURFACE_THREAD_BUNDLE__ === 'string' ? __CM_SURFACE_THREAD_BUNDLE__ : undefined;

/**
 * `buildAnatomyModel` on a worker thread, so the API that runs in the same process keeps answering while
 * a model is built (seconds of CPU-bound segmentation, marching cubes and smoothing). The built server
 * starts the thread's own bundle; a server run from its sources (tests, tsx) runs the thread's
 * TypeScript through tsx. Aborting the signal terminates the thread.
 */
export function buildAnatomyModelInThread(
  volumePath: string,
  options: { signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<AnatomyModel> {
  const { signal, log } = options;
  signal?.throwIfAborted();
  const input: SurfaceThreadInput = { volumePath };
  const worker = startThread(
    { built: BUILT_THREAD_ENTRY, source: new URL('./surface-thread.ts', import.meta.url) },
    input,
  );
  return new Promise<AnatomyModel>((resolve, reject) => {
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
