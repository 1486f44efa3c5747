import { PASSWORD_RESET_VALID_MINUTES } from '@cardiomap/contract';
import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface PasswordResetInput {
  to: string;
  givenName: string;
  userId: string;
  /** The clear token: only ever in this e-mail, the database keeps its SHA-256. */
  token: string;
  /** The forgot-password page, or the expired-password sign-in that led to it. */
  reason: 'forgot' | 'expired';
  baseUrl: string;
}

/** The link of the web page `/passwordreset/{uid}/{token}` (spec §2), under PUBLIC_URL only. */
export const passwordResetLink = (baseUrl: string, userId: string, token: string): string =>
  appLink(baseUrl, `passwordreset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`);

export const passwordResetMail = (input: PasswordResetInput): RenderedMail =>
  renderMail({
    subject: 'Choose a new CardioMap password',
    greeting: `Hello ${input.givenName || input.to},`,
    paragraphs: [
      input.reason === 'expired'
        ? 'Your CardioMap password has expired. Use the link below to choose a new one.'
        : 'Someone, hopefully you, asked to choose a new CardioMap password for this address.',
      `The link works once and expires in ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
    ],
    action: { label: 'Choose a new password', url: passwordResetLink(input.baseUrl, input.userId, input.token) },
    closing: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
