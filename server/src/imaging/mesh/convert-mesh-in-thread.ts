import { startThread } from '../threads/start-thread.ts';
import type { ConvertOutcome } from './convert-mesh.ts';
import type { MeshThreadInput } from './mesh-thread.ts';

/** Set by scripts/build.mjs to the built thread entry; undefined when the server runs its sources. */
declare const __CM_MESH_THREAD_BUNDLE__: string | undefined;
const BUILT_THREAD_ENTRY = typeof __CM_MESH_THREAD_BUNDLE__ === 'string' ? __CM_MESH_THREAD_BUNDLE__ : undefined;

/** A 200 MB file, its parsed arrays and the GLB fit; a file that needs more is not a mesh we accept. */
const THREAD_HEAP_MB = 1536;
/** Far above a real 200 MB mesh's few seconds: a file that takes longer is refused. */
const TIME_LIMIT_MS = 120_000;

export const MESH_TOO_COSTLY =
  'The file could not be read within the server limits (memory or time); it is not accepted.';

/** `convertMeshFile` on a worker thread with its own memory and time limits. */
export function convertMeshInThread(input: MeshThreadInput): Promise<ConvertOutcome> {
  const worker = startThread(
    { built: BUILT_THREAD_ENTRY, source: new URL('./mesh-thread.ts', import.meta.url) },
    input,
    { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  );
  return new Promise<ConvertOutcome>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      finish();
    };
    const timer = setTimeout(() => settle(() => resolve({ ok: false, message: MESH_TOO_COSTLY })), TIME_LIMIT_MS);
    worker.on('message', (message: ConvertOutcome | { ok: false; failed: string }) => {
      if ('failed' in message) settle(() => reject(new Error(message.failed)));
      else settle(() => resolve(message));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, message: MESH_TOO_COSTLY }) : reject(error),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`the mesh thread stopped with code ${code}`))));
  });
}
