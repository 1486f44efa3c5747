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

type HandedTokens = Required<StoredTokens>;

const isTokenMessage = (data: unknown): data is HandedTokens =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as HandedTokens).access === 'string' &&
  typeof (data as HandedTokens).refresh === 'string' &&
  (data as HandedTokens).access.length > 0 &&
  (data as HandedTokens).refresh.length > 0;

export interface IframeBridgeOptions {
  allowedOrigins: string[];
  /** Keeps the session; may first exchange the handed refresh token for the HttpOnly cookie. */
  saveTokens(tokens: { access: string; refresh: string }): void | Promise<void>;
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
  const onMessage = async (event: MessageEvent) => {
    if (!allowed.has(event.origin) || !isTokenMessage(event.data)) return;
    // Navigation waits for the session to be kept: the next page load must find it.
    await options.saveTokens({ access: event.data.access, refresh: event.data.refresh });
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    options.navigate(redirect ? safeRedirectTarget(redirect) : null);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
