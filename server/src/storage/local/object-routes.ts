import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition, contentTypeForKey } from '../content-headers.ts';
import { assertValidKey } from '../object-key.ts';
import { isStorageError } from '../storage-error.ts';
import { parseByteRange } from './byte-range.ts';
import { decodeAccess, LOCAL_ROUTE_PREFIX, type LocalObjectStorage } from './local-object-storage.ts';
import type { UrlGrant } from './url-signature.ts';

type Query = Record<string, string | undefined>;

/** A served object must never run as our origin, whatever its bytes: no scripts, no plugins, no framing. */
const OBJECT_CSP = "default-src 'none'; sandbox";

function deny(reply: FastifyReply, status: number, code: string, detail: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ detail, code });
}

/** The key exactly as signed: the raw path after the prefix, each segment decoded on its own. */
function keyFromUrl(url: string): string | undefined {
  const path = url.split('?', 1)[0]!.slice(LOCAL_ROUTE_PREFIX.length);
  try {
    const key = path.split('/').map(decodeURIComponent).join('/');
    assertValidKey(key);
    return key;
  } catch {
    return undefined;
  }
}

const wholeNumber = (value: string | undefined) =>
  value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;

function grantFrom(method: 'GET' | 'PUT', key: string, q: Query): UrlGrant | undefined {
  const expires = wholeNumber(q.expires);
  if (expires === undefined || typeof q.sig !== 'string') return undefined;
  const grant: UrlGrant = { method, key, expires, filename: q.name, contentType: q.type, access: q.acc };
  if (method === 'PUT') {
    grant.maxBytes = wholeNumber(q.max);
    if (grant.maxBytes === undefined) return undefined;
    if (q.upload !== undefined || q.part !== undefined) {
      grant.uploadId = q.upload;
      grant.partNumber = wholeNumber(q.part);
      if (grant.uploadId === undefined || grant.partNumber === undefined) return undefined;
    }
  }
  return grant;
}

/** Checks the URL's signature and expiry; answers 400/403 itself and returns undefined when refused. */
function authorise(storage: LocalObjectStorage, method: 'GET' | 'PUT', request: FastifyRequest, reply: FastifyReply) {
  const key = keyFromUrl(request.url);
  if (key === undefined) {
    deny(reply, 400, 'invalid_key', 'The object key is not valid.');
    return undefined;
  }
  const query = request.query as Query;
  const grant = grantFrom(method, key, query);
  const check = grant ? storage.checkGrant(grant, query.sig!) : 'signature_invalid';
  if (check === 'signature_invalid') {
    deny(reply, 403, 'signature_invalid', 'The link is not valid for this request.');
    return undefined;
  }
  if (check === 'url_expired') {
    deny(reply, 403, 'url_expired', 'The link has expired.');
    return undefined;
  }
  return grant;
}

const mediaType = (value: string | undefined) => (value ?? '').split(';', 1)[0]!.trim().toLowerCase();

async function putObject(storage: LocalObjectStorage, request: FastifyRequest, reply: FastifyReply) {
  const grant = authorise(storage, 'PUT', request, reply);
  if (!grant) return reply;
  if (grant.contentType !== undefined && mediaType(request.headers['content-type']) !== mediaType(grant.contentType)) {
    return deny(reply, 403, 'signature_invalid', `This link requires Content-Type ${grant.contentType}.`);
  }
  if (!(await storage.writeAllowed(grant.key))) {
    return deny(
      reply.header('connection', 'close'),
      409,
      'upload_confirmed',
      'This upload link no longer accepts files: the upload was confirmed or has expired. Register a new upload to send another.',
    );
  }
  const maxBytes = grant.maxBytes!;
  const tooLarge = () =>
    // The client may still be sending: close the connection rather than read the rest of a huge body.
    deny(reply.header('connection', 'close'), 413, 'payload_too_large', `The file is larger than ${maxBytes} bytes.`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  try {
    const written =
      grant.uploadId !== undefined
        ? await storage.receivePart(grant.key, grant.uploadId, grant.partNumber!, request.raw, maxBytes)
        : await storage.receiveObject(grant.key, request.raw, maxBytes);
    return reply.status(200).header('etag', `"${written.etag}"`).header('cache-control', 'no-store').send();
  } catch (error) {
    if (isStorageError(error, 'too_large')) return tooLarge();
    if (isStorageError(error, 'no_such_upload')) return deny(reply, 404, 'no_such_upload', error.message);
    if (isStorageError(error, 'invalid_argument')) return deny(reply, 400, 'invalid_part', error.message);
    if (request.raw.destroyed || request.raw.readableAborted) {
      // The browser went away mid-upload; nothing was stored, and there is no one to answer.
      request.log.info({ key: grant.key }, 'upload aborted by the client');
      return reply.status(400).send({ detail: 'The upload was interrupted.', code: 'upload_interrupted' });
    }
    throw error;
  }
}

/** A read link bound to a sign-in's access to a case serves only while that access lasts (issue 22). */
async function accessHolds(storage: LocalObjectStorage, grant: UrlGrant): Promise<boolean> {
  if (grant.access === undefined) return true;
  const access = decodeAccess(grant.access);
  return access !== undefined && (await storage.readAccessHolds(access));
}

async function getObject(storage: LocalObjectStorage, request: FastifyRequest, reply: FastifyReply) {
  const grant = authorise(storage, 'GET', request, reply);
  if (!grant) return reply;
  if (!(await accessHolds(storage, grant))) {
    return deny(reply, 403, 'access_revoked', 'You no longer have access to this file.');
  }
  const opened = await storage.openObject(grant.key);
  if (!opened) return deny(reply, 404, 'not_found', 'Not found.');
  const { handle, size } = opened;
  const range = parseByteRange(request.headers.range, size);
  reply
    .header('content-type', grant.contentType ?? contentTypeForKey(grant.key))
    .header('content-disposition', attachmentDisposition(grant.filename))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', OBJECT_CSP)
    .header('x-content-type-options', 'nosniff');
  if (range === 'unsatisfiable') {
    await handle.close();
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (request.method === 'HEAD') {
    await handle.close();
    return reply.status(200).header('content-length', size).send();
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(handle.createReadStream({ start: range.start, end: range.end }));
  }
  reply.status(200).header('content-length', size);
  // An empty object: createReadStream on a handle would still work, but there is nothing to stream.
  if (size === 0) {
    await handle.close();
    return reply.send('');
  }
  return reply.send(handle.createReadStream());
}

/**
 * `PUT|GET /api/storage/<key>?…&sig=…`: the signed URLs of the local driver. No bearer token: the URL is
 * the credential. Encapsulated, so its catch-all raw-body parser leaves the JSON routes alone.
 */
export async function localObjectRoutes(app: FastifyInstance, opts: { storage: LocalObjectStorage }) {
  const { storage } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const url = `${LOCAL_ROUTE_PREFIX}*`;
  // Not API operations but where signed URLs lead: kept out of the OpenAPI document.
  const schema = { hide: true };
  app.put(url, { schema }, (request, reply) => putObject(storage, request, reply));
  app.get(url, { schema, exposeHeadRoute: false }, (request, reply) => getObject(storage, request, reply));
  app.head(url, { schema }, (request, reply) => getObject(storage, request, reply));
}
