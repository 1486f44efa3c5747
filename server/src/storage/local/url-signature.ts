import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What a local signed URL grants: one method on one key until a time, with its limits. */
export interface UrlGrant {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  expires: number;
  maxBytes?: number;
  uploadId?: string;
  partNumber?: number;
  filename?: string;
  contentType?: string;
  /** `userId.sessionId.caseId` of a read link bound to a sign-in's access to a case (ReadAccess). */
  access?: string;
}

/** JSON of a fixed field order: unambiguous whatever characters a file name holds. */
function canonical(grant: UrlGrant): string {
  return JSON.stringify([
    grant.method,
    grant.key,
    grant.expires,
    grant.maxBytes ?? null,
    grant.uploadId ?? null,
    grant.partNumber ?? null,
    grant.filename ?? null,
    grant.contentType ?? null,
    grant.access ?? null,
  ]);
}

export function signGrant(secret: Buffer, grant: UrlGrant): string {
  return createHmac('sha256', secret).update(canonical(grant)).digest('base64url');
}

export function signatureMatches(secret: Buffer, grant: UrlGrant, signature: string): boolean {
  const expected = Buffer.from(signGrant(secret, grant));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * STORAGE_SECRET when set; else a random key in `path`, made 0600 on first start. Written aside and
 * hard-linked into place (which fails if it exists), so an API and a worker starting together on one
 * DATA_DIR end up with the same complete key.
 */
export function loadOrCreateSecret(path: string, fromEnvironment?: string): Buffer {
  if (fromEnvironment) return Buffer.from(fromEnvironment, 'utf8');
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
}
