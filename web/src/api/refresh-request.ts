import { type StoredTokens, tokenStore } from './token-store.ts';

// Own file with no imports of weight: the boot script (iframe hand-off) uses it before the app loads.
/**
 * Asks for a new pair. The refresh token travels in the HttpOnly cookie the server set (sent by the
 * browser on this same-origin call); a token in the body is only for a pair handed over by a parent
 * window or left by an older release, and the answer moves it into the cookie.
 */
export async function requestNewPair(handed?: string): Promise<StoredTokens | null> {
  try {
    const response = await fetch('/api/refreshtoken/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(handed ? { refresh: handed } : {}),
    });
    if (!response.ok) return null;
    const { access } = (await response.json()) as StoredTokens;
    return { access };
  } catch {
    return null;
  }
}

/**
 * The iframe hand-off (spec §1): the handed refresh token is exchanged at once for a new pair whose
 * refresh token the server keeps in the HttpOnly cookie, so the page never stores it. The parent gives
 * its pair up with the hand-off (it is rotated here). Should the exchange fail, the handed access token
 * still serves until it expires.
 */
export async function keepHandedSession(tokens: { access: string; refresh: string }): Promise<void> {
  tokenStore.save((await requestNewPair(tokens.refresh)) ?? { access: tokens.access });
}
