// Worker-thread entry of the surface job's model (see anatomy-model-in-thread.ts): seconds to minutes of
// CPU on the API's own thread would stall every request of the process while a model is built.
import { parentPort, workerData } from 'node:worker_threads';
import { type AnatomyModel, buildAnatomyModel } from './anatomy-model.ts';

export interface SurfaceThreadInput {
  volumePath: string;
}

export type SurfaceThreadMessage =
  | { type: 'log'; line: string }
  | { type: 'done'; result: AnatomyModel }
  | { type: 'failed'; message: string };

const port = parentPort;
if (port) {
  const { volumePath } = workerData as SurfaceThreadInput;
  const post = (message: SurfaceThreadMessage) => port.postMessage(message);
  buildAnatomyModel(volumePath, { log: (line) => post({ type: 'log', line }) }).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
}
