import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from '../../src/plugins/mail.ts';

describe('mail transports', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; data: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through a real SMTP peer when SMTP_URL is set', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'CardioMap <no-reply@cardiomap.test>');
    await mailer.send({ to: 'physician@cardiomap.test', subject: 'Your sign-in code', text: 'Code: 123456' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@cardiomap.test');
    expect(received[0]?.to).toEqual(['physician@cardiomap.test']);
    expect(received[0]?.data).toContain('Subject: Your sign-in code');
    expect(received[0]?.data).toContain('Code: 123456');
  });

  it('writes one .eml file per message to the outbox by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-outbox-'));
    try {
      const mailer = outboxMailer(join(dir, 'outbox'), 'CardioMap <no-reply@cardiomap.test>');
      await mailer.send({ to: 'a@cardiomap.test', subject: 'One', text: 'first' });
      await mailer.send({ to: 'b@cardiomap.test', subject: 'Two', text: 'second' });
      const files = readdirSync(join(dir, 'outbox')).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const texts = files.map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'));
      expect(texts.some((t) => t.includes('To: a@cardiomap.test') && t.includes('first'))).toBe(true);
      expect(texts.some((t) => t.includes('To: b@cardiomap.test') && t.includes('second'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
