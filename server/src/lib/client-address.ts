import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as an IP, or '' when there is none to believe. Fastify takes it from the socket,
 * or from X-Forwarded-For when the peer is a TRUSTED_PROXIES entry; the header is still text a client
 * wrote (a proxy may pass it on), so anything that is not an IP is dropped before it keys a rate limit or
 * reaches the audit trail. Read the address only through here, never `request.ip` directly.
 */
export function clientAddress(request: FastifyRequest): string {
  const address = request.ip;
  return typeof address === 'string' && isIP(address) !== 0 ? address : '';
}
