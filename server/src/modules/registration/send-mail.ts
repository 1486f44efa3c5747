import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../plugins/mail.ts';
import type { RenderedMail } from './mails.ts';

/** Hands a mail over for sending; never waits for the transport and never fails the caller. */
export type AccountMailSender = (to: string, mail: RenderedMail) => void;

/**
 * Registration answers must not wait for SMTP (a slow server would also tell a caller which path ran),
 * so the mail goes out after the answer; a failure is logged with the recipient, never the link.
 */
export const backgroundSender =
  (mailer: Mailer, log: FastifyBaseLogger): AccountMailSender =>
  (to, mail) => {
    mailer
      .send({ to, ...mail })
      .catch((err: unknown) => log.error({ err, to, subject: mail.subject }, 'mail not sent'));
  };
