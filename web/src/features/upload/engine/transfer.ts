import type { PutBlob } from './put-blob.ts';
import { type Sleep, withRetry } from './retry.ts';

/** Parts in flight at once: enough to fill a hospital uplink, few enough not to starve the page. */
export const PARTS_IN_FLIGHT = 3;

export interface TransferPlan {
  file: Blob;
  contentType: string;
  /** One URL: the whole file in one PUT; several: part i goes to urls[i], partSize bytes each. */
  urls: string[];
  partSize: number;
}

export interface TransferDeps {
  putBlob: PutBlob;
  sleep: Sleep;
}

/**
 * Sends the file, in parts when the server gave several URLs, at most PARTS_IN_FLIGHT at a time.
 * A failed part is retried alone, so a dropped connection costs one part, not the whole upload.
 * `onProgress` gets the bytes stored so far over all parts (a retried part starts again from zero).
 */
export async function transfer(
  plan: TransferPlan,
  deps: TransferDeps,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<void> {
  const { file, urls, partSize } = plan;
  const single = urls.length === 1;
  const loaded = new Array<number>(urls.length).fill(0);
  const report = (index: number, bytes: number) => {
    loaded[index] = bytes;
    onProgress(loaded.reduce((sum, part) => sum + part, 0));
  };
  const sendPart = (index: number) => {
    const body = single ? file : file.slice(index * partSize, Math.min(file.size, (index + 1) * partSize));
    return withRetry(
      () => {
        report(index, 0);
        return deps.putBlob(urls[index]!, body, {
          contentType: single ? plan.contentType : undefined,
          signal,
          onProgress: (bytes) => report(index, bytes),
        });
      },
      signal,
      deps.sleep,
    );
  };

  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      await sendPart(index);
    }
  };
  const workers = Array.from({ length: Math.min(PARTS_IN_FLIGHT, urls.length) }, worker);
  // The first final failure stops the upload; the other workers are stopped by the caller's abort.
  await Promise.all(workers);
}
