// Worker-thread entry of the surface extraction (see extract-surface-in-thread.ts): minutes of CPU on
// the API's own thread would stall every request of the process while a model is built.
import { parentPort, workerData } from 'node:worker_threads';
import { extractSurface, type SurfaceOptions } from './extract-surface.ts';

export interface SurfaceThreadInput {
  volumePath: string;
  options: Partial<Omit<SurfaceOptions, 'signal' | 'log'>>;
}

export type SurfaceThreadMessage =
  | { type: 'log'; line: string }
  | { type: 'done'; result: Awaited<ReturnType<typeof extractSurface>> }
  | { type: 'failed'; message: string };

const port = parentPort;
if (port) {
  const { volumePath, options } = workerData as SurfaceThreadInput;
  const post = (message: SurfaceThreadMessage) => port.postMessage(message);
  extractSurface(volumePath, { ...options, log: (line) => post({ type: 'log', line }) }).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
}
