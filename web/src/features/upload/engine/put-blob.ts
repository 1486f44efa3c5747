/** Why a PUT to a signed URL failed: `status` 0 means no answer (network error, time-out). */
export class TransferError extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? 'The connection was lost during the upload.' : `The storage answered ${status}.`);
    this.name = 'TransferError';
  }

  /** A lost connection or a server fault may pass on a second try; a refusal (4xx) will not. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export const abortError = (): DOMException => new DOMException('Upload cancelled by user', 'AbortError');
export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

export interface PutBlobOptions {
  contentType?: string;
  signal: AbortSignal;
  /** Bytes of this body sent so far. */
  onProgress: (loaded: number) => void;
}

/** Sends one body to a signed URL; resolves when stored, rejects with TransferError or an AbortError. */
export type PutBlob = (url: string, body: Blob, options: PutBlobOptions) => Promise<void>;

/**
 * PUT with XMLHttpRequest, because fetch cannot report upload progress. The signed URL carries its own
 * authorisation, so no bearer token is sent (it would leak to the storage service).
 */
export const xhrPutBlob: PutBlob = (url, body, { contentType, signal, onProgress }) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    // Settled here, not only in onabort: not every XMLHttpRequest (or test double) reports an abort.
    const onAbort = () => {
      settle(abortError());
      xhr.abort();
    };
    xhr.open('PUT', url);
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        settle();
      } else settle(new TransferError(xhr.status));
    };
    xhr.onerror = () => settle(new TransferError(0));
    xhr.ontimeout = () => settle(new TransferError(0));
    xhr.onabort = () => settle(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
