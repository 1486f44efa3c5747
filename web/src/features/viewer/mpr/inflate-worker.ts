/// <reference lib="webworker" />
import { inflateRaw } from './inflate.ts';
import type { WorkerReply, WorkerRequest } from './inflate-messages.ts';
import { streamRestOfVolume, VolumeLoadError } from './volume-loader.ts';

const post = (reply: WorkerReply, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(reply, transfer);
const streams = new Map<number, AbortController>();

/**
 * Inflates slices for createInflaterPool, and streams the rest of a volume (the body read here, so the
 * download goes on while the page's thread draws). Results' buffers are transferred, not copied.
 */
self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'abort') return streams.get(request.id)?.abort();
  const { id } = request;
  if (request.type === 'inflate') {
    try {
      const raw = await inflateRaw(request.compressed, request.length, request.bytePlanes);
      post({ id, raw }, [raw.buffer]);
    } catch (error) {
      post({ id, error: (error as Error).message });
    }
    return;
  }
  const abort = new AbortController();
  streams.set(id, abort);
  try {
    await streamRestOfVolume(request.rest, (index, raw) => post({ id, slice: { index, raw } }, [raw.buffer]), {
      signal: abort.signal,
    });
    post({ id, done: true });
  } catch (error) {
    const kind = error instanceof VolumeLoadError ? error.kind : 'network';
    post({ id, error: (error as Error).message, kind, aborted: abort.signal.aborted });
  } finally {
    streams.delete(id);
  }
};
