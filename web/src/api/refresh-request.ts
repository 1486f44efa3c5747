import { type StoredTokens, tokenStore } from './token-store.ts';

// Own file with no imports of weight: the boot script (iframe hand-off) uses it before the app loads.
/**
 * Asks for a new pair. The refresh token travels in the HttpOnly cookie the server set (sent by the
 * browser on this same-origin call); a token in the body is only for a pair handed over by a parent
 * window or left by an older release, and the answer moves it into the cookie.
 */
export function requestNewPair(handed?: string): Promise<StoredTokens | null> {
  // Tabs of one browser share the cookie: one tab's refresh at a time, so the next one sends the token
  // the previous one got instead of the one it just used (a reuse that would end the sign-in when it
  // comes just outside the server's grace window). Web Locks are per origin; without them, go at once.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('cm_refresh', () => postRefresh(handed)) : postRefresh(handed);
}

async function postRefresh(handed?: string): Promise<StoredTokens | null> {
  const refresh = handed ?? framedRefresh ?? undefined;
  // Without a token to send and no refresh cookie set, the server could only answer 400 (issue 30).
  if (!refresh && !hasSessionHint()) return null;
  try {
    const response = await fetch('/api/refreshtoken/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(refresh ? { refresh } : {}),
    });
    if (!response.ok) {
      framedRefresh = null;
      // Read to the end: an unread answer stays open (and keeps the page from counting as idle).
      noteAccountRefusal(await response.text().catch(() => ''));
      return null;
    }
    const { access, refresh: next } = (await response.json()) as StoredTokens;
    if (isFramed() && next) framedRefresh = next;
    return { access };
  } catch {
    return null;
  }
}

/** Why the server last ended this browser's session, when it said (a deactivated account). */
let sessionEndReason: string | null = null;

/**
 * Issue 30 §8: a deactivated user's open tab was dropped at the next click without a word. The refresh
 * answer says `account_inactive` (to the holder of the session only), kept here for the sign-in page.
 */
function noteAccountRefusal(text: string): void {
  try {
    const body = JSON.parse(text) as { code?: unknown; detail?: unknown };
    if (body.code === 'account_inactive' && typeof body.detail === 'string') sessionEndReason = body.detail;
  } catch {
    // Not JSON: nothing was said.
  }
}

/** The reason the session ended (the sign-in page shows it), or null when none was given. */
export const lastSessionEndReason = (): string | null => sessionEndReason;
/** Once shown, the reason is not shown again on a later visit to the sign-in page. */
export const forgetSessionEndReason = (): void => {
  sessionEndReason = null;
};

/**
 * The server sets the script-readable `cm_session` flag with the HttpOnly refresh cookie and clears it
 * with it: the page cannot see the cookie itself, only whether there is one to send.
 */
const SESSION_HINT_COOKIE = 'cm_session';
const hasSessionHint = (): boolean =>
  typeof document !== 'undefined' &&
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));

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

// Several requests may hit an expired token at once, and a page load restores while its first
// requests wait: they share one refresh, since a refresh token is single-use.
let refreshing: Promise<boolean> | null = null;

async function refreshTokens(): Promise<boolean> {
  const before = tokenStore.access();
  const tokens = await requestNewPair(tokenStore.takeLegacyRefresh() ?? undefined);
  // A sign-in or hand-off that landed meanwhile is newer than what the cookie gave: it stays.
  if (tokenStore.access() !== before) return tokenStore.access() !== null;
  if (!tokens) return false;
  tokenStore.save(tokens);
  return true;
}

/** One refresh by the cookie (or a legacy token, sent once), shared by all callers while it runs. */
export const refreshOnce = (): Promise<boolean> => {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * A page load (or a new tab) has no access token in memory: the session is restored by one refresh
 * with the cookie before the app decides the user is signed out; meanwhile the status is `restoring`,
 * so guarded pages show their loading state instead of the sign-in page. Answers whether a session
 * is there. Tried once per page: later callers (the app after the start-up script) share that attempt
 * and its answer, so a visitor without a session is not asked about twice. `again` tries once more
 * (another tab signed in). A session that arrived meanwhile (sign-in, iframe hand-off) is kept as it is.
 */
export function restoreSession(options: { again?: boolean } = {}): Promise<boolean> {
  if (tokenStore.access() !== null) return Promise.resolve(true);
  if (restoring) return restoring;
  if (restored && !options.again) return Promise.resolve(false);
  restored = true;
  tokenStore.setRestoring(true);
  restoring = refreshOnce().finally(() => {
    restoring = null;
    tokenStore.setRestoring(false);
  });
  return restoring;
}

let restoring: Promise<boolean> | null = null;
/** Whether this page has tried restoring its session by the cookie. */
let restored = false;

/** Tests: as on a fresh page, the next restore asks the server again. */
export const forgetRestoreAttempt = (): void => {
  restored = false;
};

tokenStore.setOtherTabHandlers({
  signedIn: () => void restoreSession({ again: true }),
  // A frame's refresh token (below) belongs to the session another tab just ended.
  signedOut: () => forgetFramedRefresh(),
});

/**
 * The iframe hand-off (spec §1): the handed refresh token is exchanged at once for a new pair whose
 * refresh token the server keeps in the HttpOnly cookie, so the page never stores it. The parent gives
 * its pair up with the hand-off (it is rotated here). Should the exchange fail, the handed access token
 * still serves until it expires.
 */
export async function keepHandedSession(tokens: { access: string; refresh: string }): Promise<void> {
  tokenStore.save((await requestNewPair(tokens.refresh)) ?? { access: tokens.access });
}
