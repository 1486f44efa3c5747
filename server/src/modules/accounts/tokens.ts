import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { getOrCreateSecret } from './repository.ts';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface TokenService {
  issueAccess(claims: AccessClaims): Promise<string>;
  /** Null for anything that is not a valid, unexpired access token of ours. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** Keyed hash for OTP codes: a leaked table does not give codes away by brute force. */
  hashCode(challengeId: string, code: string): string;
  /**
   * The refresh token that replaces `previous`, derived with the key rather than random, so that within
   * the grace window a second refresh with `previous` answers the same successor without keeping it.
   */
  successorRefresh(previous: string): string;
  /** Keyed MAC of a device cookie's contents (device-cookie.ts): only this server can make one. */
  deviceMac(contents: string): string;
}

const AUDIENCE = 'cardiomap-api';

/** Opaque random token for the client, and the SHA-256 the database keeps instead of it. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newOtpCode = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export async function createTokenService(db: DbOrTx, accessTokenMinutes: number): Promise<TokenService> {
  // One key for all instances, created on first start, kept in the database (never in the code or logs).
  const secret = await getOrCreateSecret(db, 'access_token_key', () => randomBytes(64));
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A client sends the same access token for minutes: verifying its signature once is enough. Expiry is
  // still checked on every use, and revocation is checked in the database by the auth plugin.
  const verified = new BoundedMap<string, { claims: AccessClaims; expiresAt: number }>(10_000);
  return {
    issueAccess: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId, token_type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(crypto.randomUUID())
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenMinutes}m`)
        .sign(key),
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known) return known.expiresAt > Date.now() ? known.claims : null;
      try {
        // A token without expiry would be good forever; ids that are not UUIDs would fail the database lookup.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        if (payload.token_type !== 'access' || !isUuid(payload.sid) || !isUuid(payload.sub)) {
          return null;
        }
        const claims = { userId: payload.sub, sessionId: payload.sid };
        verified.remember(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
    successorRefresh: (previous) => createHmac('sha256', secret).update(`refresh:${previous}`).digest('base64url'),
    deviceMac: (contents) => createHmac('sha256', secret).update(`device:${contents}`).digest('base64url'),
    hashCode: (challengeId, code) => createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex'),
  };
}
