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
  if (typeof address !== 'string') return '';
  // An IPv6 zone id (`fe80::1%eth0`) names an interface of the machine that saw the address: meaningless
  // here, and of any length (a forged one overflowed the audit column, issue 27). The address without it.
  const withoutZone = address.replace(/%.*$/s, '');
  return isIP(withoutZone) !== 0 ? withoutZone : '';
}
