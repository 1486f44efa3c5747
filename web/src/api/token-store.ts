/**
 * The session as the page sees it: the short-lived access token, kept in this module's memory only
 * (spec §6: "authenticated means an access token is stored"; issue 22). No script injected into the
 * page can read it from storage, and it is gone with the page. The refresh token never reaches script
 * either: the server keeps it in an HttpOnly cookie that only the refresh route receives. A page load
 * therefore starts with no token and restores the session by one refresh (`restoreSession`); until that
 * has answered the session is `restoring`, not signed out. Listeners let the app react when the session
 * changes — sign-out in another tab, the iframe hand-off, a restore or a failed refresh.
 */
/** Where releases before issue 22 kept the refresh token; read once to move it into the cookie. */
const LEGACY_REFRESH_KEY = 'cm_refresh';
/** Where releases before this one kept the access token: removed, never read. */
const LEGACY_ACCESS_KEY = 'cm_access';
/** Tabs tell each other that the user signed in or out; the messages carry no token. */
const CHANNEL_NAME = 'cm_session';

/** A token pair as the server answers it; only `access` is kept by the page. */
export interface StoredTokens {
  access: string;
  refresh?: string;
}

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';
type SessionMessage = { type: 'signed-in' | 'signed-out' };
type Listener = () => void;

let accessToken: string | null = null;
let restoring = false;
const listeners = new Set<Listener>();
/** What refresh-request.ts does when another tab signs in (restore by the cookie) or out (forget). */
let otherTab: { signedIn(): void; signedOut(): void } | null = null;

const notify = () => {
  for (const listener of listeners) listener();
};

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
// Node's BroadcastChannel (tests) would otherwise keep the process alive; browsers have no unref.
(channel as { unref?: () => void } | null)?.unref?.();

const tell = (message: SessionMessage) => {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (page unloading): the other tabs learn it at their next request.
  }
};

/** Storage can throw (a sandboxed frame, storage blocked by the user): then there is nothing to move. */
const takeItem = (key: string): string | null => {
  try {
    const value = localStorage.getItem(key);
    if (value !== null) localStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
};

export const tokenStore = {
  access: (): string | null => accessToken,
  isAuthenticated: (): boolean => accessToken !== null,
  /** `restoring` only while the page's first refresh by the cookie is under way. */
  status: (): SessionStatus => (accessToken !== null ? 'signed-in' : restoring ? 'restoring' : 'signed-out'),
  save(tokens: StoredTokens): void {
    const wasSignedIn = accessToken !== null;
    accessToken = tokens.access;
    takeItem(LEGACY_REFRESH_KEY);
    notify();
    if (!wasSignedIn) tell({ type: 'signed-in' });
  },
  /**
   * A refresh token an older release left in storage, removed as it is read (it goes to the server
   * once); an access token such a release left is removed unread.
   */
  takeLegacyRefresh(): string | null {
    takeItem(LEGACY_ACCESS_KEY);
    return takeItem(LEGACY_REFRESH_KEY);
  },
  /** Ends the session in this tab and, when it had one, in the others (spec: sign-out signs out every tab). */
  clear(): void {
    const wasSignedIn = accessToken !== null;
    accessToken = null;
    takeItem(LEGACY_REFRESH_KEY);
    notify();
    if (wasSignedIn) tell({ type: 'signed-out' });
  },
  /** Marks the page's restore by the cookie as started or finished (refresh-request.ts). */
  setRestoring(value: boolean): void {
    if (restoring === value) return;
    restoring = value;
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** refresh-request.ts restores by the cookie when another tab signs in, forgets what it holds on sign-out. */
  setOtherTabHandlers(handlers: { signedIn(): void; signedOut(): void } | null): void {
    otherTab = handlers;
  },
  /** Forgets everything in this tab only, without telling the others (tests). */
  reset(): void {
    accessToken = null;
    restoring = false;
    notify();
  },
};

// Another tab signed out: forget the token here too (without telling the others again) so the app
// goes to sign-in. Another tab signed in: a tab without a session takes it up by the shared cookie.
channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
  if (event.data?.type === 'signed-out') {
    otherTab?.signedOut();
    if (accessToken === null) return;
    accessToken = null;
    notify();
  } else if (event.data?.type === 'signed-in' && accessToken === null) {
    otherTab?.signedIn();
  }
});
