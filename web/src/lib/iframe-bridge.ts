import { safeRedirectTarget } from '@cardiomap/domain';
import type { StoredTokens } from '../api/index.ts';

/** The server writes EMBED_ORIGINS into index.html as `<meta name="cm-embed-origins" content="a,b">`. */
export function embedOrigins(doc: Document = document): string[] {
  const content = doc.querySelector('meta[name="cm-embed-origins"]')?.getAttribute('content') ?? '';
  return content
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

const isTokenMessage = (data: unknown): data is StoredTokens =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as StoredTokens).access === 'string' &&
  typeof (data as StoredTokens).refresh === 'string' &&
  (data as StoredTokens).access.length > 0 &&
  (data as StoredTokens).refresh.length > 0;

export interface IframeBridgeOptions {
  allowedOrigins: string[];
  saveTokens(tokens: StoredTokens): void;
  /** Where to go after storing: the redirect query target if any, otherwise a reload. */
  navigate(target: string | null): void;
}

/**
 * The token hand-off of spec §1: a parent window posts `{access, refresh}`; the app stores them, then
 * goes to the `redirect` query target or reloads. Messages from any origin not in the allow-list, and
 * messages of any other shape, are ignored. Returns the function that stops listening.
 */
export function startIframeBridge(options: IframeBridgeOptions): () => void {
  const allowed = new Set(options.allowedOrigins);
  const onMessage = (event: MessageEvent) => {
    if (!allowed.has(event.origin) || !isTokenMessage(event.data)) return;
    options.saveTokens({ access: event.data.access, refresh: event.data.refresh });
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    options.navigate(redirect ? safeRedirectTarget(redirect) : null);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
