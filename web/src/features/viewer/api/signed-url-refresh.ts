/**
 * The server's read links live at most READ_URL_SECONDS (10 minutes by default, never under 3) and stop
 * serving once the reader's access ends (issue 22). The viewer therefore asks again for what carries
 * links every 2 minutes, and when it comes back to a tab left hidden for longer, so a long viewing
 * session always holds live links; engines compare links by object (`signedObject`), so a fresh
 * signature for the same file fetches nothing again.
 */
export const SIGNED_URL_REFRESH_MS = 2 * 60_000;

/** Query options of an answer that carries signed read links. */
export const signedUrlRefresh = {
  staleTime: SIGNED_URL_REFRESH_MS,
  refetchInterval: SIGNED_URL_REFRESH_MS,
} as const;

/** The object a signed link reads: the URL without its query (signature, expiry, grant). */
export const signedObject = (url: string): string => url.split('?', 1)[0] ?? url;
