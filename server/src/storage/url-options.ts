import { StorageError } from './storage-error.ts';

/** SigV4's own ceiling; a local URL is held to the same, so both drivers behave alike. */
export const MAX_EXPIRY_SECONDS = 7 * 24 * 3600;
/** S3's ceiling on parts in one multipart upload. */
export const MAX_PART_COUNT = 10_000;

/**
 * The default ceiling on a read link's life (READ_URL_SECONDS): the viewer asks for fresh links well
 * before, and on S3, where a link cannot be revoked, it bounds how long one outlives the access it was
 * handed out under (issue 22).
 */
export const DEFAULT_READ_URL_SECONDS = 10 * 60;

/** The asked-for life of a read link, held to the driver's ceiling. */
export function readExpiry(expiresInSeconds: number, ceilingSeconds: number): number {
  assertExpiry(expiresInSeconds);
  return Math.min(expiresInSeconds, ceilingSeconds);
}

export function assertExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_EXPIRY_SECONDS) {
    throw new StorageError(
      'invalid_argument',
      `expiresInSeconds must be a whole number from 1 to ${MAX_EXPIRY_SECONDS}.`,
    );
  }
}

export function assertMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new StorageError('invalid_argument', 'maxBytes must be a whole number of bytes.');
  }
}

export function assertPartCount(partCount: number): void {
  if (!Number.isInteger(partCount) || partCount < 1 || partCount > MAX_PART_COUNT) {
    throw new StorageError('invalid_argument', `partCount must be a whole number from 1 to ${MAX_PART_COUNT}.`);
  }
}
