import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../src/db/query.ts';
import { createMailSender } from '../../src/mail/outbox.ts';
import { MailStatus } from '../../src/mail/outbox-repository.ts';
import { smtpMailer } from '../../src/plugins/mail.ts';
import { signIn } from '../helpers/auth.ts';
import { plainMessage, SmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'violet kettle harbour 42 drift';
const FROM = 'CardioMap <no-reply@cardiomap.test>';
const LINK = /\/passwordreset\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/;

interface ResetRow {
  id: string;
  status: number;
  textBody: string | null;
  htmlBody: string | null;
  secretLeft: number | null;
}

/**
 * The reset e-mail goes through the mail outbox (a pg-boss job, retried, surviving a crash) while its
 * link rests in the database only until it is sent and never past its 1 h validity.
 */
describe('the password reset e-mail through the outbox', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = new SmtpPeer();
    await peer.start();
    // No workers: the request only writes the row, as when the worker is down or crashed.
    t = await createTestApp({ mailer: smtpMailer(peer.url, FROM) });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  const resetRows = (email: string) =>
    queryOn(t.database.db)<ResetRow>(
      sql`SELECT id, status, text_body AS "textBody", html_body AS "htmlBody",
                 extract(epoch FROM secret_expires_at - now())::int AS "secretLeft"
            FROM mail_outbox WHERE recipient = ${email} AND event_key LIKE 'account.password_reset:%'
           ORDER BY date_created`,
    );

  it('is delivered after a worker crash before the send, then its body is purged', async () => {
    const email = 'physician@cardiomap.test';
    const res = await t.app.inject({ method: 'POST', url: '/api/passwordreset/', payload: { email } });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await resetRows(email)).length).toBe(1);
    const [pending] = await resetRows(email);
    expect(pending).toMatchObject({ status: MailStatus.PENDING });
    // Held no longer than the link is valid (1 h).
    expect(pending?.secretLeft).toBeGreaterThan(3500);
    expect(pending?.secretLeft).toBeLessThanOrEqual(3600);
    const [, uid, token] = LINK.exec(pending?.textBody ?? '') ?? [];
    const stored = await t.database.query<{ tokenHash: string }>(
      'SELECT token_hash AS "tokenHash" FROM password_reset_tokens WHERE user_id = $1',
      [uid],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);

    // A worker claimed it and died before connecting: its lease runs out.
    const id = pending?.id ?? '';
    await queryOn(t.database.db)(
      sql`UPDATE mail_outbox SET status = ${MailStatus.SENDING}, attempts = 1, lease_id = gen_random_uuid(),
                 lease_expires_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    // The restarted worker's first sweep finds it and sends it through the mail queue.
    const mailer = smtpMailer(peer.url, FROM);
    const stop = await createMailSender({ database: t.database, queue: t.app.queue, mailer, log: t.app.log }).start();
    try {
      await expect.poll(() => peer.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    } finally {
      await stop();
      mailer.close();
    }
    const received = plainMessage(peer.received[0]?.data ?? '');
    expect(received).toContain(`Message-ID: <${id}@outbox.cardiomap>`);
    expect(received).toContain(`/passwordreset/${uid}/${token}`);
    await expect
      .poll(async () => (await resetRows(email))[0])
      .toMatchObject({ status: MailStatus.SENT, textBody: null, htmlBody: null });

    // The link it carried works, once.
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/passwordreset-confirmation/${uid}/${token}/`,
        payload: { newPassword: NEW_PASSWORD, newPassword2: NEW_PASSWORD },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(400);
    await signIn(t, email, NEW_PASSWORD);
  });

  it('never lets the link outlive its validity in the outbox', async () => {
    const email = 'case-manager@cardiomap.test';
    await t.app.inject({ method: 'POST', url: '/api/passwordreset/', payload: { email } });
    await expect.poll(async () => (await resetRows(email)).length).toBe(1);
    const [row] = await resetRows(email);
    // No worker sent it within the hour.
    await queryOn(t.database.db)(
      sql`UPDATE mail_outbox SET secret_expires_at = now() - interval '1 second' WHERE id = ${row?.id}`,
    );
    const mailer = smtpMailer(peer.url, FROM);
    const sender = createMailSender({ database: t.database, queue: t.app.queue, mailer, log: t.app.log });
    try {
      await sender.sweep(0);
      await sender.sendOne(row?.id ?? '');
    } finally {
      mailer.close();
    }
    expect((await resetRows(email))[0]).toMatchObject({ status: MailStatus.FAILED, textBody: null, htmlBody: null });
    expect(peer.received.filter((m) => m.to.includes(email))).toHaveLength(0);
  });
});
