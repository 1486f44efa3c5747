import { authRoutes } from '@cardiomap/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './http-errors.ts';

/**
 * Issue 22: the web app's refresh token lives in an HttpOnly cookie, out of reach of any script on the
 * page. It goes only to the refresh route (its path) and only on same-site requests (SameSite=Strict),
 * so no other route and no other site ever sends it. API clients keep using the JSON body field.
 */
export const REFRESH_COOKIE = 'cm_refresh';
export const REFRESH_COOKIE_PATH = authRoutes.refresh.path;

// A base64url token only: anything else in the cookie is not ours and is ignored.
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

const attributes = (maxAgeSeconds: number) =>
  `Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;

/**
 * Beside the refresh cookie, a flag that the page's scripts may read: it says only that a refresh cookie
 * was set, never the token. Without it a signed-out page does not ask the refresh route at all, which
 * would answer 400 and put an error in the console of every visitor (issue 30).
 */
export const SESSION_HINT_COOKIE = 'cm_session';

const hintAttributes = (maxAgeSeconds: number) => `Path=/; Max-Age=${maxAgeSeconds}; Secure; SameSite=Strict`;

export function setRefreshCookie(reply: FastifyReply, refresh: string, days: number): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${refresh}; ${attributes(days * 86_400)}`);
  reply.header('set-cookie', `${SESSION_HINT_COOKIE}=1; ${hintAttributes(days * 86_400)}`);
}

/** Sign-out: the browser drops the cookie (same name and path, expired), and the flag with it. */
export function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(0)}`);
  reply.header('set-cookie', `${SESSION_HINT_COOKIE}=; ${hintAttributes(0)}`);
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return undefined;
}

/**
 * SameSite=Strict already keeps the cookie off cross-site requests; a browser that says the request
 * came from another site (Fetch Metadata) is refused outright as a second line against CSRF.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw forbidden('The refresh cookie is only accepted from this site.', 'cross_site_refresh');
  }
}
