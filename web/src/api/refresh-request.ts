import { type StoredTokens, tokenStore } from './token-store.ts';

// Own file with no imports of weight: the boot script (iframe hand-off) uses it before the app loads.
/**
 * Asks for a new pair. The refresh token travels in the HttpOnly cookie the server set (sent by the
 * browser on this same-origin call); a token in the body is only for a pair handed over by a parent
 * window or left by an older release, and the answer moves it into the cookie.
 */
export async function requestNewPair(handed?: string): Promise<StoredTokens | null> {
  const refresh = handed ?? framedRefresh ?? undefined;
  try {
    const response = await fetch('/api/refreshtoken/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(refresh ? { refresh } : {}),
    });
    if (!response.ok) {
      framedRefresh = null;
      return null;
    }
    const { access, refresh: next } = (await response.json()) as StoredTokens;
    if (isFramed() && next) framedRefresh = next;
    return { access };
  } catch {
    return null;
  }
}

/**
 * A hospital portal on another site embeds the app in a frame: there the browser never sends the
 * SameSite=Strict cookie, so the frame's session would end with its 5-minute access token. In a frame
 * the refresh token of the latest pair is kept in this module's memory instead, never in storage, and
 * sent in the body; it is gone when the frame is. Outside a frame it is never kept.
 */
let framedRefresh: string | null = null;

const isFramed = (): boolean => {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    // A cross-origin parent may make window.top unreadable: that is a frame too.
    return true;
  }
};

/** Signing out forgets the frame's refresh token with the rest of the session. */
export const forgetFramedRefresh = (): void => {
  framedRefresh = null;
};

/**
 * The iframe hand-off (spec §1): the handed refresh token is exchanged at once for a new pair whose
 * refresh token the server keeps in the HttpOnly cookie, so the page never stores it. The parent gives
 * its pair up with the hand-off (it is rotated here). Should the exchange fail, the handed access token
 * still serves until it expires.
 */
export async function keepHandedSession(tokens: { access: string; refresh: string }): Promise<void> {
  tokenStore.save((await requestNewPair(tokens.refresh)) ?? { access: tokens.access });
}
