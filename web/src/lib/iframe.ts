/** True when the app runs inside another page's frame (spec §1); a cross-origin parent throws on access. */
export function isInIframe(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
