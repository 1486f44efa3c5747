import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type Part,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.ts';
import { attachmentDisposition } from '../content-headers.ts';
import { assertValidKey } from '../object-key.ts';
import type { ObjectStorage } from '../object-storage.ts';
import { StorageError } from '../storage-error.ts';
import { assertExpiry, assertMaxBytes, assertPartCount } from '../url-options.ts';
import { decodeUploadId, encodeUploadId } from './upload-id.ts';
import { uploadStream } from './upload-stream.ts';

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key (`''` or ending in `/`), so several deployments can share one bucket. */
  prefix: string;
}

/** Objects in an S3-compatible bucket; browsers PUT and GET through presigned (SigV4) URLs. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3StorageOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
  }

  /** maxBytes cannot be carried by a presigned PUT: the caller checks head(key) after the upload. */
  async signedPutUrl(key: string, opts: { expiresInSeconds: number; maxBytes: number; contentType?: string }) {
    assertExpiry(opts.expiresInSeconds);
    assertMaxBytes(opts.maxBytes);
    const command = new PutObjectCommand({ ...this.#at(key), ContentType: opts.contentType });
    return getSignedUrl(this.#client, command, { expiresIn: opts.expiresInSeconds });
  }

  async signedGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string; contentType?: string }) {
    assertExpiry(opts.expiresInSeconds);
    const command = new GetObjectCommand({
      ...this.#at(key),
      ResponseContentDisposition: opts.filename ? attachmentDisposition(opts.filename) : undefined,
      ResponseContentType: opts.contentType,
    });
    return getSignedUrl(this.#client, command, { expiresIn: opts.expiresInSeconds });
  }

  async createMultipartUpload(
    key: string,
    opts: { partCount: number; expiresInSeconds: number; maxBytes: number; contentType?: string },
  ) {
    assertPartCount(opts.partCount);
    assertExpiry(opts.expiresInSeconds);
    assertMaxBytes(opts.maxBytes);
    const created = await this.#client.send(
      new CreateMultipartUploadCommand({ ...this.#at(key), ContentType: opts.contentType }),
    );
    const storeUploadId = created.UploadId!;
    const partUrls = await Promise.all(
      Array.from({ length: opts.partCount }, (_, i) =>
        getSignedUrl(
          this.#client,
          new UploadPartCommand({ ...this.#at(key), UploadId: storeUploadId, PartNumber: i + 1 }),
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
    await this.#client.send(
      new CompleteMultipartUploadCommand({
        ...this.#at(key),
        UploadId: storeUploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    const { storeUploadId } = decodeUploadId(uploadId);
    try {
      await this.#client.send(new AbortMultipartUploadCommand({ ...this.#at(key), UploadId: storeUploadId }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.#client.send(new HeadObjectCommand(this.#at(key)));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ ...this.#at(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as NodeJS.ReadableStream;
    } catch (error) {
      if (isNotFound(error)) throw new StorageError('not_found', `No object at ${key}.`);
      throw error;
    }
  }

  async writeFile(key: string, localPath: string, contentType?: string): Promise<void> {
    const { size } = await stat(localPath);
    await uploadStream(this.#client, this.#at(key), createReadStream(localPath), { contentType, expectedSize: size });
  }

  async moveFile(key: string, localPath: string, contentType?: string): Promise<void> {
    await this.writeFile(key, localPath, contentType);
    await rm(localPath, { force: true });
  }

  async write(key: string, body: NodeJS.ReadableStream | Buffer, contentType?: string): Promise<void> {
    const target = this.#at(key);
    if (Buffer.isBuffer(body)) {
      await this.#client.send(new PutObjectCommand({ ...target, Body: body, ContentType: contentType }));
      return;
    }
    await uploadStream(this.#client, target, body, { contentType });
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand(this.#at(key)));
  }

  #at(key: string): { Bucket: string; Key: string } {
    assertValidKey(key);
    return { Bucket: this.#bucket, Key: `${this.#prefix}${key}` };
  }

  async #listParts(key: string, uploadId: string): Promise<Map<number, Part>> {
    const parts = new Map<number, Part>();
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await this.#client.send(
          new ListPartsCommand({ ...this.#at(key), UploadId: uploadId, PartNumberMarker: marker }),
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

export function createS3Client(settings: Config['s3']): S3Client {
  // The SDK is pinned (stack-notes) and this project runs on Node 20 by choice: its notice that future
  // SDK releases will need Node 22 would only be noise in every start-up log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Newer SDKs add CRC32 checksums to every request and presigned URL; S3-compatible stores (Swift,
    // older MinIO, Ceph) refuse or mishandle them, and a presigned PUT would carry the empty body's sum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3ObjectStorage(config: Config): S3ObjectStorage {
  return new S3ObjectStorage({ client: createS3Client(config.s3), ...parseS3StorageUrl(config.storageUrl) });
}
