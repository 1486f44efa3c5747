import { abortError, isAbortError, TransferError } from './put-blob.ts';

/** Each part (or a small file's single PUT) is retried up to this many times after its first try. */
export const MAX_RETRIES = 4;
/** Waits before retry n (1-based): 1 s, 2 s, 4 s, 8 s — long enough for a Wi-Fi hand-over. */
export const backoffMs = (retry: number): number => 1000 * 2 ** (retry - 1);

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const retryable = (error: unknown): boolean =>
  !isAbortError(error) && (!(error instanceof TransferError) || error.retryable);

/** Runs `attempt` until it succeeds, a failure is final (4xx, cancel) or the retries are spent. */
export async function withRetry(attempt: () => Promise<void>, signal: AbortSignal, wait: Sleep): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (signal.aborted) throw abortError();
      if (retry >= MAX_RETRIES || !retryable(error)) throw error;
      await wait(backoffMs(retry + 1), signal);
    }
  }
}
