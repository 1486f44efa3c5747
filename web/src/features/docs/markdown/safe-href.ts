const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link target if it is safe to put in an href, else null. Only absolute http(s) and mailto URLs and
 * same-site paths or fragments pass; `javascript:`, `data:`, `vbscript:` and anything the URL parser
 * reads as another scheme (including ones hidden by tabs, newlines or entities) do not. A path starting
 * with `//` or `/\` is another host to the browser, so it is refused too.
 */
export function safeHref(raw: string): string | null {
  // Read the target as the browser's URL parser will: it drops tabs and newlines anywhere and C0 controls
  // and spaces at either end, so `/<TAB>/evil.example` is `//evil.example`, another host (issue 27).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const target = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (target === '') return null;
  if (target.startsWith('#')) return target;
  if (target.startsWith('/')) return /^\/[/\\]/.test(target) ? null : target;
  try {
    const url = new URL(target);
    return ALLOWED_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
