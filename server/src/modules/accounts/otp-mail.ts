import { OTP_VALID_MINUTES } from '@cardiomap/contract';
import type { MailMessage } from '../../plugins/mail.ts';

/** The sign-in code e-mail; the code appears once, in plain text, and nowhere in the logs. */
export const otpMail = (to: string, givenName: string, code: string): MailMessage => ({
  to,
  subject: 'Your CardioMap sign-in code',
  text: [
    `Hello ${givenName || to},`,
    '',
    `Your CardioMap sign-in code is ${code}.`,
    `It works once and expires in ${OTP_VALID_MINUTES} minutes.`,
    '',
    `This code was requested for ${to}. If you did not try to sign in, change your password and tell your`,
    'administrator: someone knows it.',
    '',
    'CardioMap',
  ].join('\n'),
});
