import type { Mailer, MailMessage } from '../../plugins/mail.ts';

const RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

/**
 * Sends without making the request wait, retrying a failing transport a few times. For the reset link
 * only: it carries a secret, so it does not go through the outbox (which keeps bodies until sent), and
 * forgot-password must answer before any mail work so known and unknown addresses take the same time.
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
