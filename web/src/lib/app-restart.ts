/**
 * The iframe hand-off (spec §1) stores the handed session and then goes to the redirect target or
 * reloads. The access token lives in memory only (issue 22), and a frame on another site gets no
 * refresh cookie, so a real page load there would drop the session it was just handed. Instead the
 * address is replaced and the app, if it already runs, starts again from scratch in the same page
 * (main.tsx registers how): a new router, an empty query cache, nothing of the previous user's state.
 * Before the app has started there is nothing to restart: it starts from the replaced address.
 */
let restart: (() => void) | null = null;

export const setAppRestart = (handler: () => void): void => {
  restart = handler;
};

export function reloadInPlace(target: string | null): void {
  if (target) window.history.replaceState(null, '', target);
  restart?.();
}
