import { StorageError } from '../storage-error.ts';

export interface MultipartUploadRef {
  partCount: number;
  maxBytes: number;
  /** The id S3 gave the upload. */
  storeUploadId: string;
}

/**
 * S3 keeps no metadata we could read back before completion, so the part count (to tell a missing
 * last part) and the size limit travel inside the opaque upload id the caller keeps: `count.max.id`.
 */
export function encodeUploadId(ref: MultipartUploadRef): string {
  return `${ref.partCount}.${ref.maxBytes}.${ref.storeUploadId}`;
}

export function decodeUploadId(uploadId: string): MultipartUploadRef {
  const match = /^(\d+)\.(\d+)\.(.+)$/s.exec(uploadId);
  if (!match) throw new StorageError('no_such_upload', 'Not an upload id this store issued.');
  return { partCount: Number(match[1]), maxBytes: Number(match[2]), storeUploadId: match[3]! };
}
