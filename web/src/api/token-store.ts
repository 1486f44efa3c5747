/**
 * The session lives in two localStorage entries (spec §6: "authenticated means an access token is
 * stored"). Listeners let the app react when tokens change — sign-out in another tab, the iframe
 * hand-off or a failed refresh.
 */
const ACCESS_KEY = 'cm_access';
const REFRESH_KEY = 'cm_refresh';

export interface StoredTokens {
  access: string;
  refresh: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const tokenStore = {
  access: (): string | null => localStorage.getItem(ACCESS_KEY),
  refresh: (): string | null => localStorage.getItem(REFRESH_KEY),
  isAuthenticated: (): boolean => localStorage.getItem(ACCESS_KEY) !== null,
  save(tokens: StoredTokens): void {
    localStorage.setItem(ACCESS_KEY, tokens.access);
    localStorage.setItem(REFRESH_KEY, tokens.refresh);
    notify();
  },
  clear(): void {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
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
    if (event.key === ACCESS_KEY || event.key === REFRESH_KEY || event.key === null) notify();
  });
}
