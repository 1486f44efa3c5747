import type * as S3Commands from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.ts';

/** The AWS SDK's commands and presigner with a client made from the settings: all the S3 driver needs. */
export interface S3Connection {
  client: S3Client;
  commands: typeof S3Commands;
  getSignedUrl: typeof getSignedUrl;
}

/**
 * Imports the AWS SDK (about 15 MB of the process once loaded) and makes the client. The only place the
 * SDK is imported: a server on the local driver never loads it, one on S3 loads it at its first call.
 */
export async function connectS3(settings: Config['s3']): Promise<S3Connection> {
  // The SDK is pinned (stack-notes) and this project runs on Node 20 by choice: its notice that future
  // SDK releases will need Node 22 would only be noise in every start-up log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const [commands, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new commands.S3Client({
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
  return { client, commands, getSignedUrl: presigner.getSignedUrl };
}
