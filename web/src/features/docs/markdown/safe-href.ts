import { asBrowserReadsIt, isSameSitePath } from '@cardiomap/domain';

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link target if it is safe to put in an href, else null. Only absolute http(s) and mailto URLs and
 * same-site paths or fragments pass; `javascript:`, `data:`, `vbscript:` and anything the URL parser
 * reads as another scheme (including ones hidden by tabs, newlines or entities) do not. A path starting
 * with `//` or `/\` is another host to the browser, so it is refused too.
 */
export function safeHref(raw: string): string | null {
  const target = asBrowserReadsIt(raw);
  if (target === '') return null;
  if (target.startsWith('#')) return target;
  if (target.startsWith('/')) return isSameSitePath(target) ? target : null;
  try {
    const url = new URL(target);
    return ALLOWED_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
