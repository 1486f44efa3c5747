/**
 * Where CardioMap keeps bytes (uploads, de-identified DICOM, volumes, reports). Browsers move bytes
 * through signed URLs, never through API memory (architecture §3.5); server code streams.
 *
 * Keys look like `input-data/<uuid>/<filename>` or `studies/<uuid>/volume.cmvol`; every method refuses
 * a key that could escape the root (StorageError 'invalid_key'). Build segments from user file names
 * with `safeFileName`.
 */
/**
 * Who a read link was handed to, and for which case. The local driver signs it into the link and asks
 * again on every read whether that sign-in may still see the case (a revoked share, a deactivated user
 * or a signed-out session stops the link at once); S3 cannot ask, so there the link's short life is the bound.
 */
export interface ReadAccess {
  userId: string;
  sessionId: string;
  caseId: string;
}

/** The app's answer to "may this sign-in still read this case's objects?", asked at read time. */
export type ReadAccessCheck = (access: ReadAccess) => Promise<boolean>;

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * A URL the browser PUTs one whole object to. Expires; the size limit is enforced while streaming by
   * the local driver. S3 presigned PUTs cannot carry a size limit: after the upload, check
   * `head(key).size` against the limit (and delete the object when over it). When contentType is given
   * the PUT must send exactly that Content-Type.
   */
  signedPutUrl(
    key: string,
    opts: { expiresInSeconds: number; maxBytes: number; contentType?: string },
  ): Promise<string>;
  /**
   * A URL that downloads the object (Content-Disposition attachment with filename when given); supports
   * HTTP Range. It lives at most the driver's read-link ceiling (READ_URL_SECONDS), whatever is asked.
   */
  signedGetUrl(
    key: string,
    opts: { expiresInSeconds: number; filename?: string; contentType?: string; access?: ReadAccess },
  ): Promise<string>;
  /**
   * Large uploads: one signed PUT URL per part (parts 1..partCount), so a dropped part is retried alone.
   * S3 wants every part but the last to be at least 5 MiB. The returned uploadId is opaque: keep it
   * server-side and pass it back to complete or abort.
   */
  createMultipartUpload(
    key: string,
    opts: {
      partCount: number;
      expiresInSeconds: number;
      maxBytes: number;
      /**
       * The size of every part but the last, when the caller fixes it (the browser is told it): the local
       * driver then writes each part in place at its offset and completing is a rename, not a copy of
       * the whole upload; parts of another size are refused at completion. S3 assembles parts itself.
       */
      partSize?: number;
      contentType?: string;
    },
  ): Promise<{ uploadId: string; partUrls: string[] }>;
  /**
   * Assembles the parts (the server lists them itself; the client sends no ETags). Throws
   * StorageError('incomplete') if a part is missing, 'too_large' if the parts add up to more than
   * maxBytes (the upload is left as it is: abort it), 'no_such_upload' if it was completed or aborted.
   */
  completeMultipartUpload(key: string, uploadId: string): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  head(key: string): Promise<{ size: number } | null>;
  /** Streams the object (optionally a byte range, inclusive end); StorageError('not_found') when missing. */
  read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  /**
   * The object's own file on this machine, for read-only use (a job reads a large upload in place
   * instead of copying it); StorageError('not_found') when missing. Only drivers that keep objects as
   * local files have it.
   */
  localPath?(key: string): Promise<string>;
  /** Streams a local file into the store under key (atomic: readers never see half an object). */
  writeFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /**
   * Moves a local file into the store (it is gone afterwards). The local driver renames it when it lies on
   * the same file system, so a job's large outputs are published without being copied.
   */
  moveFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Streams a body into the store under key, atomically, with memory flat in the body's size. */
  write(key: string, body: NodeJS.ReadableStream | Buffer, contentType?: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}
