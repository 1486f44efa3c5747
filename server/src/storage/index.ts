export { storageConnectSources } from './connect-sources.ts';
export { attachmentDisposition } from './content-headers.ts';
export { createObjectStorage } from './create-object-storage.ts';
export { sha256OfFile, sha256OfObject } from './object-hash.ts';
export { assertValidKey, safeFileName } from './object-key.ts';
export type { ObjectStorage } from './object-storage.ts';
export { isStorageError, StorageError, type StorageErrorCode } from './storage-error.ts';
