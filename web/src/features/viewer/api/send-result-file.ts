import { type AnalysisResource, routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';
import { sleep, transfer, xhrPutBlob } from '../../upload/index.ts';

export interface ResultFile {
  analysisId: string;
  /** 1 a mesh (scene object), 2 a figure (image). */
  type: 1 | 2;
  name: string;
  file: Blob;
  filename: string;
  attributes: Record<string, unknown>;
}

/**
 * An analysis resource sent the way case images are: POST analysis-resources/ with the size, the bytes to
 * the signed URL (in retried parts when large, by the upload feature's transfer), then confirm-upload/,
 * where the server parses the file. Rejects with the server's ApiError (a 400 says why a file was refused).
 */
export async function sendResultFile(
  result: ResultFile,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<AnalysisResource> {
  const signal = options.signal ?? new AbortController().signal;
  const contentType = result.file.type || 'application/octet-stream';
  const created = await call(routes.createAnalysisResource, {
    body: {
      analysisId: result.analysisId,
      type: result.type,
      name: result.name,
      filename: result.filename,
      metadata: { mimeType: contentType },
      attributes: result.attributes,
      size: result.file.size,
      sourceClient: 'cardiomap-web',
    },
    signal,
  });
  await transfer(
    {
      file: result.file,
      contentType,
      urls: created.parts?.urls ?? [created.writeUrl],
      partSize: created.parts?.partSize ?? result.file.size,
    },
    { putBlob: xhrPutBlob, sleep },
    signal,
    (loaded) => options.onProgress?.(Math.min(99, Math.round((loaded / Math.max(1, result.file.size)) * 100))),
  );
  const confirmed = await call(routes.confirmAnalysisResource, { params: { id: created.id } });
  if (!confirmed.uploadSuccessful) throw new Error('The server did not receive the complete file. Please try again.');
  return confirmed;
}
