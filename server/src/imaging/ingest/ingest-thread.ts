// Worker-thread entry of the ingest's per-file work (ingest-threads.ts starts it): one message per file,
// answered with its outcome; the buffers of a prepared file are handed over, not copied.
import { parentPort } from 'node:worker_threads';
import { type IngestOutcome, type IngestTask, runIngestTask, transferables } from './ingest-tasks.ts';

export interface IngestThreadRequest {
  id: number;
  task: IngestTask;
}

export type IngestThreadReply =
  | { id: number; ok: true; outcome: IngestOutcome }
  | { id: number; ok: false; message: string; code?: string };

const port = parentPort;
if (port) {
  // One task at a time: tasks share the thread's reusable buffers (ingest-tasks.ts).
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, task }: IngestThreadRequest) => {
    queue = queue
      .then((): IngestOutcome | Promise<IngestOutcome> => runIngestTask(task))
      .then(
        (outcome) => port.postMessage({ id, ok: true, outcome } satisfies IngestThreadReply, transferables(outcome)),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          const code = (error as NodeJS.ErrnoException | undefined)?.code;
          port.postMessage({ id, ok: false, message, ...(typeof code === 'string' ? { code } : {}) });
        },
      );
  });
}
