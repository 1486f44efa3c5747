import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Default transport: each message becomes an .eml file in DATA_DIR/outbox, so a fresh clone needs no SMTP. */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const info = await transport.sendMail({ from, ...message });
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}.eml`;
      await writeFile(join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
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
      async send(message) {
        await inner.send(message);
        app.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => inner.close(),
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
