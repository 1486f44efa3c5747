/**
 * The session as the page sees it: the short-lived access token in localStorage (spec §6:
 * "authenticated means an access token is stored"). The refresh token never reaches script: the
 * server keeps it in an HttpOnly cookie that only the refresh route receives (issue 22). Listeners let
 * the app react when the session changes — sign-out in another tab, the iframe hand-off or a failed
 * refresh.
 */
const ACCESS_KEY = 'cm_access';
/** Where releases before issue 22 kept the refresh token; read once to move it into the cookie. */
const LEGACY_REFRESH_KEY = 'cm_refresh';

/** A token pair as the server answers it; only `access` is kept by the page. */
export interface StoredTokens {
  access: string;
  refresh?: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const tokenStore = {
  access: (): string | null => localStorage.getItem(ACCESS_KEY),
  isAuthenticated: (): boolean => localStorage.getItem(ACCESS_KEY) !== null,
  save(tokens: StoredTokens): void {
    localStorage.setItem(ACCESS_KEY, tokens.access);
    localStorage.removeItem(LEGACY_REFRESH_KEY);
    notify();
  },
  /** A refresh token an older release left in storage, removed as it is read (it goes to the server once). */
  takeLegacyRefresh(): string | null {
    const legacy = localStorage.getItem(LEGACY_REFRESH_KEY);
    if (legacy !== null) localStorage.removeItem(LEGACY_REFRESH_KEY);
    return legacy;
  },
  clear(): void {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(LEGACY_REFRESH_KEY);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing out (or in) changes the same storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ACCESS_KEY || event.key === null) notify();
  });
}
