import type { Mailer, MailMessage } from '../../plugins/mail.ts';

const RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

/**
 * Sends without making the request wait, retrying a failing transport a few times. Stand-in for the
 * mail job of the notifications branch: the integrator swaps this for `enqueueMail` when it lands.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, onFailure: (error: unknown) => void): void {
  const attempt = (index: number) => {
    mailer.send(message).catch((error: unknown) => {
      const delay = RETRY_DELAYS_MS[index];
      if (delay === undefined) return onFailure(error);
      setTimeout(() => attempt(index + 1), delay).unref();
    });
  };
  attempt(0);
}
