import { signInCodeMail } from '../../mail/templates/sign-in-code.ts';
import type { MailMessage } from '../../plugins/mail.ts';

/**
 * The sign-in code e-mail; the code appears once, in plain text, and nowhere in the logs. Sent at once
 * within the sign-in request, not through the outbox: the user is waiting for it, a failed send must
 * fail the request so they can retry, and the code must not rest in the database in clear text.
 */
export const otpMail = (to: string, givenName: string, code: string): MailMessage => ({
  to,
  ...signInCodeMail({ to, givenName, code }),
});
