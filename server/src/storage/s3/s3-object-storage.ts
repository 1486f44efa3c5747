import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Part } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { attachmentDisposition } from '../content-headers.ts';
import { assertValidKey } from '../object-key.ts';
import type { ObjectStorage, ReadAccess } from '../object-storage.ts';
import { StorageError } from '../storage-error.ts';
import { assertExpiry, assertMaxBytes, assertPartCount, DEFAULT_READ_URL_SECONDS, readExpiry } from '../url-options.ts';
import { connectS3, type S3Connection } from './s3-connection.ts';
import { decodeUploadId, encodeUploadId } from './upload-id.ts';
import { uploadStream } from './upload-stream.ts';

export interface S3StorageOptions {
  /** Settles on the first call: the SDK is imported then, not when the server starts. */
  connect: () => Promise<S3Connection>;
  bucket: string;
  /** Prepended to every key (`''` or ending in `/`), so several deployments can share one bucket. */
  prefix: string;
  /** The longest a read link lives (READ_URL_SECONDS): S3 cannot revoke one, so this is the bound. */
  maxReadSeconds?: number;
}

/** Objects in an S3-compatible bucket; browsers PUT and GET through presigned (SigV4) URLs. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly #connect: () => Promise<S3Connection>;
  #connection: Promise<S3Connection> | null = null;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #maxReadSeconds: number;

  constructor(options: S3StorageOptions) {
    this.#connect = options.connect;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
    this.#maxReadSeconds = options.maxReadSeconds ?? DEFAULT_READ_URL_SECONDS;
  }

  /** maxBytes cannot be carried by a presigned PUT: the caller checks head(key) after the upload. */
  async signedPutUrl(key: string, opts: { expiresInSeconds: number; maxBytes: number; contentType?: string }) {
    assertExpiry(opts.expiresInSeconds);
    assertMaxBytes(opts.maxBytes);
    const { client, commands, getSignedUrl } = await this.#s3();
    const command = new commands.PutObjectCommand({ ...this.#at(key), ContentType: opts.contentType });
    return getSignedUrl(client, command, { expiresIn: opts.expiresInSeconds });
  }

  /** `access` is not carried: a presigned URL cannot be asked about at read time, its short life bounds it. */
  async signedGetUrl(
    key: string,
    opts: { expiresInSeconds: number; filename?: string; contentType?: string; access?: ReadAccess },
  ) {
    const expiresIn = readExpiry(opts.expiresInSeconds, this.#maxReadSeconds);
    const { client, commands, getSignedUrl } = await this.#s3();
    const command = new commands.GetObjectCommand({
      ...this.#at(key),
      ResponseContentDisposition: opts.filename ? attachmentDisposition(opts.filename) : undefined,
      ResponseContentType: opts.contentType,
    });
    return getSignedUrl(client, command, { expiresIn });
  }

  async createMultipartUpload(
    key: string,
    opts: { partCount: number; expiresInSeconds: number; maxBytes: number; contentType?: string },
  ) {
    assertPartCount(opts.partCount);
    assertExpiry(opts.expiresInSeconds);
    assertMaxBytes(opts.maxBytes);
    const { client, commands, getSignedUrl } = await this.#s3();
    const created = await client.send(
      new commands.CreateMultipartUploadCommand({ ...this.#at(key), ContentType: opts.contentType }),
    );
    const storeUploadId = created.UploadId!;
    const partUrls = await Promise.all(
      Array.from({ length: opts.partCount }, (_, i) =>
        getSignedUrl(
          client,
          new commands.UploadPartCommand({ ...this.#at(key), UploadId: storeUploadId, PartNumber: i + 1 }),
          { expiresIn: opts.expiresInSeconds },
        ),
      ),
    );
    return {
      uploadId: encodeUploadId({ partCount: opts.partCount, maxBytes: opts.maxBytes, storeUploadId }),
      partUrls,
    };
  }

  async completeMultipartUpload(key: string, uploadId: string): Promise<void> {
    const { partCount, maxBytes, storeUploadId } = decodeUploadId(uploadId);
    const listed = await this.#listParts(key, storeUploadId);
    const parts: Part[] = [];
    let total = 0;
    for (let n = 1; n <= partCount; n++) {
      const part = listed.get(n);
      if (!part) throw new StorageError('incomplete', `Part ${n} of ${partCount} has not been uploaded.`);
      parts.push(part);
      total += part.Size ?? 0;
    }
    if (total > maxBytes) {
      throw new StorageError('too_large', `The parts add up to ${total} bytes, over the limit of ${maxBytes}.`);
    }
    const { client, commands } = await this.#s3();
    await client.send(
      new commands.CompleteMultipartUploadCommand({
        ...this.#at(key),
        UploadId: storeUploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    const { storeUploadId } = decodeUploadId(uploadId);
    const { client, commands } = await this.#s3();
    try {
      await client.send(new commands.AbortMultipartUploadCommand({ ...this.#at(key), UploadId: storeUploadId }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    const { client, commands } = await this.#s3();
    try {
      const answer = await client.send(new commands.HeadObjectCommand(this.#at(key)));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const { client, commands } = await this.#s3();
    try {
      const answer = await client.send(
        new commands.GetObjectCommand({
          ...this.#at(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as NodeJS.ReadableStream;
    } catch (error) {
      if (isNotFound(error)) throw new StorageError('not_found', `No object at ${key}.`);
      throw error;
    }
  }

  async writeFile(key: string, localPath: string, contentType?: string): Promise<void> {
    const { size } = await stat(localPath);
    await uploadStream(await this.#s3(), this.#at(key), createReadStream(localPath), {
      contentType,
      expectedSize: size,
    });
  }

  async moveFile(key: string, localPath: string, contentType?: string): Promise<void> {
    await this.writeFile(key, localPath, contentType);
    await rm(localPath, { force: true });
  }

  async write(key: string, body: NodeJS.ReadableStream | Buffer, contentType?: string): Promise<void> {
    const target = this.#at(key);
    const s3 = await this.#s3();
    if (Buffer.isBuffer(body)) {
      await s3.client.send(new s3.commands.PutObjectCommand({ ...target, Body: body, ContentType: contentType }));
      return;
    }
    await uploadStream(s3, target, body, { contentType });
  }

  async delete(key: string): Promise<void> {
    const { client, commands } = await this.#s3();
    await client.send(new commands.DeleteObjectCommand(this.#at(key)));
  }

  #s3(): Promise<S3Connection> {
    this.#connection ??= this.#connect();
    return this.#connection;
  }

  #at(key: string): { Bucket: string; Key: string } {
    assertValidKey(key);
    return { Bucket: this.#bucket, Key: `${this.#prefix}${key}` };
  }

  async #listParts(key: string, uploadId: string): Promise<Map<number, Part>> {
    const parts = new Map<number, Part>();
    const { client, commands } = await this.#s3();
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await client.send(
          new commands.ListPartsCommand({ ...this.#at(key), UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) parts.set(part.PartNumber!, part);
        if (!page.IsTruncated) return parts;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isNotFound(error)) {
        throw new StorageError('no_such_upload', 'The upload does not exist (completed, aborted or never begun).');
      }
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NoSuchUpload';
}

/** `s3://bucket[/prefix]` → bucket and a prefix that is `''` or ends in `/`. */
export function parseS3StorageUrl(url: string): { bucket: string; prefix: string } {
  const rest = url.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash + 1).replace(/^\/+|\/+$/g, '');
  return { bucket, prefix: path ? `${path}/` : '' };
}

export function createS3ObjectStorage(config: Config): S3ObjectStorage {
  return new S3ObjectStorage({
    connect: () => connectS3(config.s3),
    ...parseS3StorageUrl(config.storageUrl),
    maxReadSeconds: config.readUrlSeconds,
  });
}
