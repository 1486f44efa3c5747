import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import { assertValidKey, RESERVED_SEGMENT_PREFIX } from '../object-key.ts';
import type { ObjectStorage, ReadAccess, ReadAccessCheck } from '../object-storage.ts';
import { StorageError } from '../storage-error.ts';
import { assertExpiry, assertMaxBytes, assertPartCount, DEFAULT_READ_URL_SECONDS, readExpiry } from '../url-options.ts';
import { syncFolder, writeFileAtomically, writeFileRange } from './atomic-file.ts';
import { loadOrCreateSecret, signatureMatches, signGrant, type UrlGrant } from './url-signature.ts';

export const LOCAL_ROUTE_PREFIX = '/api/storage/';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PART_FILE = /^part-(\d{5})$/;

interface MultipartManifest {
  key: string;
  partCount: number;
  maxBytes: number;
  /**
   * The size of every part but the last, when the caller fixed it: each part is then written in place
   * into one file (`IN_PLACE_FILE`) at its offset, and completing the upload is a rename. Without it
   * the parts are kept apart and joined at completion.
   */
  partSize?: number;
}

/** The upload's bytes, assembled in place as its parts arrive, in the parts folder. */
const IN_PLACE_FILE = 'data';

export interface LocalStorageOptions {
  root: string;
  secret: Buffer;
  /** Origin (and path) the browser reaches the API at; relative URLs when unset. */
  publicUrl?: string;
  /** Milliseconds since the epoch; tests move it to expire URLs without waiting. */
  now?: () => number;
  /** The longest a read link lives (READ_URL_SECONDS). */
  maxReadSeconds?: number;
}

export type GrantCheck = 'ok' | 'signature_invalid' | 'url_expired';

const ID = /^[0-9A-Za-z-]{1,64}$/;

/** ReadAccess as the link carries it; ids are UUIDs, so a dot never occurs inside one. */
const encodeAccess = (access: ReadAccess) => `${access.userId}.${access.sessionId}.${access.caseId}`;

export function decodeAccess(value: string): ReadAccess | undefined {
  const [userId, sessionId, caseId, ...rest] = value.split('.');
  if (rest.length > 0 || ![userId, sessionId, caseId].every((id) => id !== undefined && ID.test(id))) return undefined;
  return { userId: userId!, sessionId: sessionId!, caseId: caseId! };
}

/** Encodes each segment, keeping the slashes, so the route sees exactly the key that was signed. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Objects as files under a root folder. Browsers reach them through the API's `/api/storage/<key>`
 * routes with URLs this driver signs (HMAC-SHA256 of what the URL grants, see url-signature.ts).
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly #root: string;
  readonly #secret: Buffer;
  readonly #base: string;
  readonly #now: () => number;
  readonly #maxReadSeconds: number;
  #readAccessCheck: ReadAccessCheck | null = null;
  readonly #writeChecks: ((key: string) => Promise<boolean>)[] = [];

  constructor(options: LocalStorageOptions) {
    this.#root = options.root;
    this.#secret = options.secret;
    this.#base = `${options.publicUrl ?? ''}${LOCAL_ROUTE_PREFIX}`;
    this.#now = options.now ?? Date.now;
    this.#maxReadSeconds = options.maxReadSeconds ?? DEFAULT_READ_URL_SECONDS;
  }

  /** The app tells the driver how to ask whether a sign-in may still read a case (set once it has a database). */
  setReadAccessCheck(check: ReadAccessCheck): void {
    this.#readAccessCheck = check;
  }

  /**
   * Adds a rule a signed PUT must pass when it arrives (the uploads module refuses writes to an upload
   * once it was confirmed: its link is single-use, issue 22). A rule answers false to refuse.
   */
  addWriteCheck(check: (key: string) => Promise<boolean>): void {
    this.#writeChecks.push(check);
  }

  async writeAllowed(key: string): Promise<boolean> {
    for (const check of this.#writeChecks) if (!(await check(key))) return false;
    return true;
  }

  /** At read time: a link bound to access passes only while that access lasts; unknown → refused. */
  async readAccessHolds(access: ReadAccess): Promise<boolean> {
    return this.#readAccessCheck ? this.#readAccessCheck(access) : false;
  }

  async signedPutUrl(key: string, opts: { expiresInSeconds: number; maxBytes: number; contentType?: string }) {
    assertValidKey(key);
    assertMaxBytes(opts.maxBytes);
    return this.#url({
      method: 'PUT',
      key,
      expires: this.#expiry(opts.expiresInSeconds),
      maxBytes: opts.maxBytes,
      contentType: opts.contentType,
    });
  }

  async signedGetUrl(
    key: string,
    opts: { expiresInSeconds: number; filename?: string; contentType?: string; access?: ReadAccess },
  ) {
    assertValidKey(key);
    return this.#url({
      method: 'GET',
      key,
      expires: this.#expiry(readExpiry(opts.expiresInSeconds, this.#maxReadSeconds)),
      filename: opts.filename,
      contentType: opts.contentType,
      access: opts.access ? encodeAccess(opts.access) : undefined,
    });
  }

  async createMultipartUpload(
    key: string,
    opts: { partCount: number; expiresInSeconds: number; maxBytes: number; partSize?: number; contentType?: string },
  ) {
    assertValidKey(key);
    assertPartCount(opts.partCount);
    assertMaxBytes(opts.maxBytes);
    if (opts.partSize !== undefined) assertMaxBytes(opts.partSize);
    const expires = this.#expiry(opts.expiresInSeconds);
    const uploadId = randomUUID();
    const folder = this.#partsFolder(key, uploadId);
    const manifest: MultipartManifest = {
      key,
      partCount: opts.partCount,
      maxBytes: opts.maxBytes,
      ...(opts.partSize === undefined ? {} : { partSize: opts.partSize }),
    };
    await mkdir(folder, { recursive: true });
    if (manifest.partSize !== undefined) await (await open(join(folder, IN_PLACE_FILE), 'wx')).close();
    // The manifest last: an upload it names always has its folder and file.
    await writeFileAtomically(join(folder, 'manifest.json'), Buffer.from(JSON.stringify(manifest)));
    // Like S3's UploadPart, a part carries no Content-Type of its own (browsers send slices untyped):
    // the object's type was set when the upload began.
    const partUrls = Array.from({ length: opts.partCount }, (_, i) =>
      this.#url({ method: 'PUT', key, expires, maxBytes: opts.maxBytes, uploadId, partNumber: i + 1 }),
    );
    return { uploadId, partUrls };
  }

  async completeMultipartUpload(key: string, uploadId: string): Promise<void> {
    const manifest = await this.#manifest(key, uploadId);
    const folder = this.#partsFolder(key, uploadId);
    if (manifest.partSize !== undefined) return this.#completeInPlace(key, folder, manifest, manifest.partSize);
    const present = new Map<number, string>();
    for (const name of await readdir(folder)) {
      const match = PART_FILE.exec(name);
      if (match) present.set(Number(match[1]), join(folder, name));
    }
    const parts: string[] = [];
    let total = 0;
    for (let n = 1; n <= manifest.partCount; n++) {
      const path = present.get(n);
      if (!path) throw new StorageError('incomplete', `Part ${n} of ${manifest.partCount} has not been uploaded.`);
      parts.push(path);
      total += (await stat(path)).size;
    }
    if (total > manifest.maxBytes) {
      throw new StorageError(
        'too_large',
        `The parts add up to ${total} bytes, over the limit of ${manifest.maxBytes}.`,
      );
    }
    await writeFileAtomically(this.#path(key), Readable.from(concatenate(parts)));
    await rm(folder, { recursive: true, force: true });
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    if (!UPLOAD_ID.test(uploadId)) return;
    await rm(this.#partsFolder(key, uploadId), { recursive: true, force: true });
  }

  async head(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    try {
      const info = await stat(this.#path(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const opened = await this.openObject(key);
    if (!opened) throw new StorageError('not_found', `No object at ${key}.`);
    return opened.handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async localPath(key: string): Promise<string> {
    const opened = await this.openObject(key);
    if (!opened) throw new StorageError('not_found', `No object at ${key}.`);
    await opened.handle.close();
    return this.#path(key);
  }

  async writeFile(key: string, localPath: string): Promise<void> {
    assertValidKey(key);
    await writeFileAtomically(this.#path(key), createReadStream(localPath));
  }

  async moveFile(key: string, localPath: string): Promise<void> {
    assertValidKey(key);
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true });
    // The bytes reach the disk before the name is published, as writeFileAtomically guarantees.
    const handle = await open(localPath, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await this.writeFile(key, localPath);
      await rm(localPath, { force: true });
      return;
    }
    await syncFolder(dirname(target));
  }

  async write(key: string, body: NodeJS.ReadableStream | Buffer): Promise<void> {
    assertValidKey(key);
    await writeFileAtomically(this.#path(key), body);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await rm(this.#path(key), { force: true });
  }

  // The rest serves the /api/storage routes (plugins/storage.ts).

  checkGrant(grant: UrlGrant, signature: string): GrantCheck {
    if (!signatureMatches(this.#secret, grant, signature)) return 'signature_invalid';
    if (this.#now() > grant.expires * 1000) return 'url_expired';
    return 'ok';
  }

  /** The browser's PUT of a whole object; the limit is enforced while the bytes arrive. */
  receiveObject(key: string, body: NodeJS.ReadableStream, maxBytes: number) {
    assertValidKey(key);
    return writeFileAtomically(this.#path(key), body, { maxBytes });
  }

  /** One part of a multipart upload; a re-sent part replaces the earlier attempt whole. */
  async receivePart(key: string, uploadId: string, partNumber: number, body: NodeJS.ReadableStream, maxBytes: number) {
    const manifest = await this.#manifest(key, uploadId);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > manifest.partCount) {
      throw new StorageError('invalid_argument', `Part number must be between 1 and ${manifest.partCount}.`);
    }
    const folder = this.#partsFolder(key, uploadId);
    const name = `part-${String(partNumber).padStart(5, '0')}`;
    if (manifest.partSize === undefined) return writeFileAtomically(join(folder, name), body, { maxBytes });
    // In place: the bytes go to the part's own range of the upload's file, flushed, and only then does the
    // part count as received (its marker, written atomically, holds its size). A part is never larger
    // than the part size; an attempt that fails leaves its range to the retry.
    const written = await writeFileRange(join(folder, IN_PLACE_FILE), (partNumber - 1) * manifest.partSize, body, {
      maxBytes: Math.min(maxBytes, manifest.partSize),
    }).catch((error: unknown) => {
      throw isMissing(error) ? noSuchUpload() : error;
    });
    await writeFileAtomically(join(folder, name), Buffer.from(String(written.size)));
    return written;
  }

  /**
   * Publishes an upload assembled in place: every part received, each but the last exactly the part
   * size, the whole within the limit; then the file is cut to its length and renamed into place.
   */
  async #completeInPlace(key: string, folder: string, manifest: MultipartManifest, partSize: number): Promise<void> {
    let total = 0;
    for (let n = 1; n <= manifest.partCount; n++) {
      let size: number;
      try {
        size = Number(await readFile(join(folder, `part-${String(n).padStart(5, '0')}`), 'utf8'));
      } catch (error) {
        if (!isMissing(error)) throw error;
        throw new StorageError('incomplete', `Part ${n} of ${manifest.partCount} has not been uploaded.`);
      }
      if (n < manifest.partCount && size !== partSize) {
        throw new StorageError(
          'incomplete',
          `Part ${n} of ${manifest.partCount} holds ${size} bytes; every part but the last must hold ${partSize}.`,
        );
      }
      total += size;
    }
    if (total > manifest.maxBytes) {
      throw new StorageError(
        'too_large',
        `The parts add up to ${total} bytes, over the limit of ${manifest.maxBytes}.`,
      );
    }
    const data = join(folder, IN_PLACE_FILE);
    // A last part sent again shorter leaves the longer attempt's tail behind it.
    if ((await stat(data)).size !== total) {
      await truncate(data, total);
      const handle = await open(data, 'r+');
      await handle.sync().finally(() => handle.close());
    }
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(data, target);
    await syncFolder(dirname(target));
    await rm(folder, { recursive: true, force: true });
  }

  /** An open handle on the object (so a later replacement does not change what this reader gets), or null. */
  async openObject(key: string): Promise<{ handle: FileHandle; size: number } | null> {
    assertValidKey(key);
    let handle: FileHandle;
    try {
      handle = await open(this.#path(key), 'r');
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: info.size };
  }

  #path(key: string): string {
    return join(this.#root, ...key.split('/'));
  }

  #partsFolder(key: string, uploadId: string): string {
    return join(dirname(this.#path(key)), `${RESERVED_SEGMENT_PREFIX}parts-${uploadId}`);
  }

  async #manifest(key: string, uploadId: string): Promise<MultipartManifest> {
    assertValidKey(key);
    const unknown = noSuchUpload;
    if (!UPLOAD_ID.test(uploadId)) throw unknown();
    try {
      const manifest = JSON.parse(
        await readFile(join(this.#partsFolder(key, uploadId), 'manifest.json'), 'utf8'),
      ) as MultipartManifest;
      if (manifest.key !== key) throw unknown();
      return manifest;
    } catch (error) {
      if (isMissing(error)) throw unknown();
      throw error;
    }
  }

  #expiry(expiresInSeconds: number): number {
    assertExpiry(expiresInSeconds);
    return Math.floor(this.#now() / 1000) + expiresInSeconds;
  }

  #url(grant: UrlGrant): string {
    const query = new URLSearchParams();
    query.set('expires', String(grant.expires));
    if (grant.maxBytes !== undefined) query.set('max', String(grant.maxBytes));
    if (grant.uploadId !== undefined) query.set('upload', grant.uploadId);
    if (grant.partNumber !== undefined) query.set('part', String(grant.partNumber));
    if (grant.filename !== undefined) query.set('name', grant.filename);
    if (grant.contentType !== undefined) query.set('type', grant.contentType);
    if (grant.access !== undefined) query.set('acc', grant.access);
    query.set('sig', signGrant(this.#secret, grant));
    return `${this.#base}${encodeKey(grant.key)}?${query}`;
  }
}

/** The parts one after another, as one stream, each file opened only when its turn comes. */
/** Read in 4 MB steps: the default 64 KB ones made assembling a 100 MB upload cost twice the CPU. */
const ASSEMBLY_CHUNK_BYTES = 4 * 1024 * 1024;

async function* concatenate(paths: string[]): AsyncGenerator<Buffer> {
  for (const path of paths) {
    for await (const chunk of createReadStream(path, { highWaterMark: ASSEMBLY_CHUNK_BYTES })) yield chunk as Buffer;
  }
}

const noSuchUpload = () =>
  new StorageError('no_such_upload', 'The upload does not exist (completed, aborted or never begun).');

/** ENOTDIR: a key below one that is a file, e.g. `a/b` when `a` is an object. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function createLocalObjectStorage(config: Config): LocalObjectStorage {
  return new LocalObjectStorage({
    root: fileURLToPath(new URL(config.storageUrl)),
    secret: loadOrCreateSecret(join(config.dataDir, 'storage.key'), config.storageSecret),
    publicUrl: config.publicUrl,
    maxReadSeconds: config.readUrlSeconds,
  });
}
