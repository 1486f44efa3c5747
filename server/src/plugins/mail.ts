import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { sendFenced } from './smtp-fenced.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SendOptions {
  /** The Message-ID header, stable per outbox row, so a receiver can tell one message from another. */
  messageId?: string;
  /**
   * Called once, just before the message becomes irrevocable: before SMTP's final "." (until then the
   * server discards what it got when the connection ends), before the .eml file takes its name. If it
   * throws, the message is abandoned and `send` rejects with that error. The outbox uses it to check that
   * its sender still holds the row (server/src/mail/outbox.ts).
   */
  commit?: () => Promise<void>;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
}

/** The whole MIME message as bytes (nodemailer's stream transport composes it, nothing is sent). */
async function compose(from: string, message: MailMessage, messageId: string | undefined): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail({ from, ...message, ...(messageId ? { messageId } : {}) });
  return info.message as Buffer;
}

/** Default transport: each message becomes an .eml file in DATA_DIR/outbox, so a fresh clone needs no SMTP. */
export function outboxMailer(dir: string, from: string): Mailer {
  let sequence = 0;
  return {
    async send(message, options = {}) {
      await mkdir(dir, { recursive: true });
      const bytes = await compose(from, message, options.messageId);
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}`;
      // Written under a name no reader looks for, and renamed only once committed: an .eml is a sent mail.
      const partial = join(dir, `.${name}-${randomUUID()}.partial`);
      await writeFile(partial, bytes, { mode: 0o600 });
      try {
        await options.commit?.();
        await rename(partial, join(dir, `${name}.eml`));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    close: () => undefined,
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message, options = {}) {
      if (!options.commit) {
        await transport.sendMail({ from, ...message, ...(options.messageId ? { messageId: options.messageId } : {}) });
        return;
      }
      const bytes = await compose(from, message, options.messageId);
      await sendFenced(url, { from: envelopeAddress(from), to: [message.to] }, bytes, options.commit);
    },
    close: () => transport.close(),
  };
}

/** The address of a `Name <address>` sender, for the SMTP envelope. */
function envelopeAddress(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
}

export default fp(
  async function mailPlugin(app: FastifyInstance, opts: { mailer?: Mailer }) {
    const { config } = app;
    const inner =
      opts.mailer ??
      (config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : outboxMailer(join(config.dataDir, 'outbox'), config.mailFrom));
    // Recipient and subject are logged; the body may hold a sign-in code, so it never is.
    const mailer: Mailer = {
      async send(message, options) {
        await inner.send(message, options);
        app.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => inner.close(),
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
