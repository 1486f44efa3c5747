import type { Mailer, MailMessage, SendOptions } from '../../src/plugins/mail.ts';

/** Keeps sent mail in memory so a test can read the OTP code a user would receive. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** Like a real transport: the message counts as sent only once its commit (the outbox's fence) passed. */
  async send(message: MailMessage, options: SendOptions = {}): Promise<void> {
    await options.commit?.();
    this.sent.push(message);
  }
  close(): void {}
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }
  /** The 6-digit code in the last mail to `email`. */
  lastCodeFor(email: string): string {
    const code = this.lastTo(email)?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  }
}
