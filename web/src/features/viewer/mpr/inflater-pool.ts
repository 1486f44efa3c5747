import { type Inflate, InflateError, inflateRaw } from './inflate.ts';
import type { WorkerReply, WorkerRequest } from './inflate-messages.ts';
import { type StreamRest, VolumeLoadError } from './volume-loader.ts';

/**
 * Inflating 500 CT slices takes seconds of CPU; in workers it runs beside the download and leaves the
 * main thread to draw. Falls back to this thread where workers are missing (tests), where `streamRest`
 * is then absent: the loader reads the body itself.
 */
export function createInflaterPool(size: number): { inflate: Inflate; streamRest?: StreamRest; dispose(): void } {
  if (typeof Worker === 'undefined' || size < 1) return { inflate: inflateRaw, dispose: () => undefined };
  const waiting = new Map<number, { resolve(raw: Uint8Array): void; reject(error: Error): void }>();
  const streams = new Map<number, { onSlice(index: number, raw: Uint8Array): void; settle(error?: Error): void }>();
  let nextId = 0;
  // Started on first use, not with the pool: a worker fetches and compiles its script on a core the
  // first image needs (the middle slices are inflated on the page's thread, see volume-loader.ts).
  let started: Worker[] | null = null;
  const workers = (): Worker[] => {
    started ??= Array.from({ length: size }, () => {
      const worker = new Worker(new URL('./inflate-worker.ts', import.meta.url), {
        type: 'module',
        name: 'cardiomap-inflate',
      });
      worker.onmessage = onReply;
      return worker;
    });
    return started;
  };
  const onReply = (event: MessageEvent<WorkerReply>) => {
    const { id, raw, slice, done, error, kind, aborted } = event.data;
    const stream = streams.get(id);
    if (stream) {
      if (slice) return stream.onSlice(slice.index, slice.raw);
      streams.delete(id);
      if (done) return stream.settle();
      return stream.settle(
        aborted
          ? new DOMException('the volume download was stopped', 'AbortError')
          : new VolumeLoadError(error ?? 'the volume could not be read', kind ?? 'network'),
      );
    }
    const job = waiting.get(id);
    waiting.delete(id);
    if (raw) job?.resolve(raw);
    else job?.reject(new InflateError(error ?? 'inflate failed'));
  };
  return {
    inflate(compressed, length, bytePlanes = false) {
      const id = nextId++;
      const pool = workers();
      const worker = pool[id % pool.length] as Worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const own = compressed.byteOffset === 0 && compressed.byteLength === compressed.buffer.byteLength;
        const request: WorkerRequest = {
          type: 'inflate',
          id,
          compressed: own ? compressed : compressed.slice(),
          length,
          bytePlanes,
        };
        worker.postMessage(request, [request.compressed.buffer]);
      });
    },
    // The first worker reads and inflates the rest of the volume; the others have nothing left to do.
    streamRest(rest, onSlice, signal) {
      const id = nextId++;
      const worker = workers()[0] as Worker;
      return new Promise<void>((resolve, reject) => {
        signal?.throwIfAborted();
        streams.set(id, { onSlice, settle: (error) => (error ? reject(error) : resolve()) });
        signal?.addEventListener('abort', () => worker.postMessage({ type: 'abort', id } satisfies WorkerRequest), {
          once: true,
        });
        // A worker resolves relative URLs against its script's address: send an absolute one.
        const request: WorkerRequest = {
          type: 'stream',
          id,
          rest: { ...rest, url: new URL(rest.url, location.href).href },
        };
        worker.postMessage(request);
      });
    },
    dispose() {
      for (const worker of started ?? []) worker.terminate();
      started = null;
      for (const job of waiting.values()) job.reject(new InflateError('the inflater was stopped'));
      waiting.clear();
      for (const stream of streams.values()) stream.settle(new DOMException('the inflater was stopped', 'AbortError'));
      streams.clear();
    },
  };
}
