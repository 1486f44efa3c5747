import { OTP_VALID_MINUTES } from '@cardiomap/contract';
import { type RenderedMail, renderMail } from '../layout.ts';

export interface SignInCodeInput {
  to: string;
  givenName: string;
  code: string;
}

/** The one-time sign-in code (spec §4 OTP step). Sent at once, not through the outbox: see otp-mail.ts. */
export const signInCodeMail = (input: SignInCodeInput): RenderedMail =>
  renderMail({
    subject: 'Your CardioMap sign-in code',
    greeting: `Hello ${input.givenName || input.to},`,
    paragraphs: [
      `Your CardioMap sign-in code is ${input.code}.`,
      `It works once and expires in ${OTP_VALID_MINUTES} minutes.`,
    ],
    closing:
      `This code was requested for ${input.to}. If you did not try to sign in, change your password and tell ` +
      'your administrator: someone knows it.',
  });
