/**
 * Cookie consent (spec §1): strictly necessary cookies always; analytics only with 'all'.
 * The choice is a cookie kept 365 days (spec §9) so it survives reloads and new tabs.
 */
export type ConsentChoice = 'functional' | 'all';

export const CONSENT_COOKIE = 'cm_consent';
export const CONSENT_MAX_AGE_DAYS = 365;

export function readConsent(): ConsentChoice | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'functional' || value === 'all')) return value;
  }
  return null;
}

export function storeConsent(choice: ConsentChoice): void {
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export const analyticsAllowed = (choice: ConsentChoice | null): boolean => choice === 'all';
