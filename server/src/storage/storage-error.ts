export type StorageErrorCode =
  /** A key that could leave the store's root or that the store cannot hold. */
  | 'invalid_key'
  | 'not_found'
  /** completeMultipartUpload found a part missing. */
  | 'incomplete'
  /** The upload is unknown: never created, already completed or aborted. */
  | 'no_such_upload'
  /** More bytes than the signed limit. */
  | 'too_large'
  | 'invalid_argument';

/** A failure callers can act on by its code; anything else a driver throws is an infrastructure fault. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const isStorageError = (error: unknown, code?: StorageErrorCode): error is StorageError =>
  error instanceof StorageError && (code === undefined || error.code === code);
