import type { CompletedPart } from '@aws-sdk/client-s3';
import type { S3Connection } from './s3-connection.ts';

const MIB = 1024 * 1024;
/** Above S3's 5 MiB minimum part; 8 MiB × 10,000 parts covers 80 GB of unknown length. */
const DEFAULT_PART_SIZE = 8 * MIB;
const MAX_PARTS = 10_000;

/** Cuts a stream into buffers of exactly `size` bytes (the last one shorter), holding one at a time. */
export async function* fixedSizeChunks(stream: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of stream) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, size);
      const rest = joined.subarray(size);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0 || pending.length > 0) yield Buffer.concat(pending, pendingBytes);
}

function partSizeFor(expectedSize: number | undefined): number {
  if (expectedSize === undefined) return DEFAULT_PART_SIZE;
  return Math.max(DEFAULT_PART_SIZE, Math.ceil(expectedSize / (MAX_PARTS - 1) / MIB) * MIB);
}

/**
 * What lib-storage's Upload does, minus what we do not need: one PutObject when the body fits in one
 * part, else a multipart upload fed part by part (memory stays at one part), aborted on any failure so
 * no half object and no orphaned parts remain. S3 publishes an object only when the upload completes.
 */
export async function uploadStream(
  { client, commands }: S3Connection,
  target: { Bucket: string; Key: string },
  body: NodeJS.ReadableStream,
  opts: { contentType?: string; expectedSize?: number },
): Promise<void> {
  const chunks = fixedSizeChunks(body as AsyncIterable<Buffer>, partSizeFor(opts.expectedSize));
  const first = await chunks.next();
  const firstChunk = first.done ? Buffer.alloc(0) : first.value;
  const second = first.done ? first : await chunks.next();
  if (second.done) {
    await client.send(new commands.PutObjectCommand({ ...target, Body: firstChunk, ContentType: opts.contentType }));
    return;
  }
  const created = await client.send(
    new commands.CreateMultipartUploadCommand({ ...target, ContentType: opts.contentType }),
  );
  const uploadId = created.UploadId!;
  try {
    const parts: CompletedPart[] = [];
    const sendPart = async (chunk: Buffer) => {
      const partNumber = parts.length + 1;
      const answer = await client.send(
        new commands.UploadPartCommand({ ...target, UploadId: uploadId, PartNumber: partNumber, Body: chunk }),
      );
      parts.push({ PartNumber: partNumber, ETag: answer.ETag });
    };
    await sendPart(firstChunk);
    await sendPart(second.value);
    for await (const chunk of chunks) await sendPart(chunk);
    await client.send(
      new commands.CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
  } catch (error) {
    // Best effort: the upload's own error, thrown below, is the one to report.
    await client
      .send(new commands.AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
      .catch(() => undefined);
    throw error;
  }
}
