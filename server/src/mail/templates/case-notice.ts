/**
 * What every notification about a case is given: the case by its CardioMap identifier only (mail leaves
 * the platform: never a patient identifier, age or sex), the reader's name and where the web app is.
 */
export interface CaseNoticeInput {
  caseId: string;
  caseIdentifier: string;
  /** The recipient's given name, for the greeting; empty for a plain "Hello,". */
  givenName: string;
  baseUrl: string;
}

export const greetingFor = (givenName: string): string => (givenName.trim() ? `Hello ${givenName.trim()},` : 'Hello,');

/** Why the reader gets this mail, the same under every notification. */
export const NOTICE_CLOSING =
  'You receive this e-mail because you are responsible for this case or it was shared with you in CardioMap.';
