import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authRoutes } from '@cardiomap/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from './tokens.ts';

/**
 * Issue 27: the per-account sign-in delay refuses the right password too, so anyone who knows an address
 * could keep its owner out for good. A browser that signed in to the account before carries this cookie
 * (set at each completed sign-in); an attempt with it is counted on its own, per device, instead of
 * under the delay that other clients caused (modules/rate-limits/sign-in-throttle.ts).
 *
 * The value names the user and a random device id, with a MAC under the server's key: it cannot be
 * made or moved to another account without the key. HttpOnly, Secure and SameSite=Strict, and sent only
 * to the sign-in routes (its path), so no script and no other site ever sees or sends it.
 */
export const DEVICE_COOKIE = 'cm_device';
/** Covers POST token/ and token/verify-otp/, the two answers that complete a sign-in. */
export const DEVICE_COOKIE_PATH = authRoutes.signIn.path;
const MAX_AGE_SECONDS = 365 * 86_400;

export interface Device {
  userId: string;
  deviceId: string;
}

const VALUE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The device the request's cookie proves, or null when there is none or its MAC is not ours. */
export function readDevice(request: FastifyRequest, tokens: Pick<TokenService, 'deviceMac'>): Device | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const match = VALUE.exec(part.slice(eq + 1).trim());
    if (!match?.[1] || !match[2] || !match[3]) continue;
    const [, userId, deviceId, mac] = match;
    if (sameText(tokens.deviceMac(`${userId}.${deviceId}`), mac)) return { userId, deviceId };
  }
  return null;
}

/**
 * After a completed sign-in: marks this browser as one that signed in to `userId`. A browser that
 * already was one keeps its device id (its own count of failures stays its own); the cookie is renewed.
 */
export function setDeviceCookie(
  reply: FastifyReply,
  tokens: Pick<TokenService, 'deviceMac'>,
  userId: string,
  previous: Device | null,
): void {
  const deviceId = previous?.userId === userId ? previous.deviceId : randomBytes(16).toString('base64url');
  const contents = `${userId}.${deviceId}`;
  // Fastify appends set-cookie headers, so the refresh cookie of the same answer stays.
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${contents}.${tokens.deviceMac(contents)}; Path=${DEVICE_COOKIE_PATH}; ` +
      `Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Strict`,
  );
}
