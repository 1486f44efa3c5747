import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface PasswordChangedInput {
  to: string;
  givenName: string;
  at: Date;
  baseUrl: string;
}

/** Tells the owner at once, so a change they did not make is noticed. */
export const passwordChangedMail = (input: PasswordChangedInput): RenderedMail =>
  renderMail({
    subject: 'Your CardioMap password was changed',
    greeting: `Hello ${input.givenName || input.to},`,
    paragraphs: [
      `The password of your CardioMap account was changed on ${input.at.toUTCString()}. Every other sign-in was ended.`,
      'If you did not change it, choose a new password at once and tell your administrator.',
    ],
    action: { label: 'Choose a new password', url: appLink(input.baseUrl, 'forgotpassword') },
  });
