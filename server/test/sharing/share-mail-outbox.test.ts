import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../src/db/query.ts';
import { createMailSender } from '../../src/mail/outbox.ts';
import { MailStatus } from '../../src/mail/outbox-repository.ts';
import { type Mailer, smtpMailer } from '../../src/plugins/mail.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { plainMessage, SmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEVICE, insertCase } from '../orders/fixtures.ts';

const FROM = 'CardioMap <no-reply@cardiomap.test>';
const PUBLIC_URL = 'https://cardiomap.example';
const OTHER = 'other-physician@cardiomap.test';

interface InvitationRow {
  id: string;
  status: number;
  attempts: number;
  lastError: string | null;
  due: boolean;
}

/**
 * The share invitation goes through the mail outbox like the reset and verification mails: a mail
 * server that is down neither fails nor slows the share, and the invitation is sent once it is back.
 */
describe('the share invitation through the outbox', () => {
  let t: TestApp;
  let down: SmtpPeer;
  let mailer: Mailer;
  let physician: string;

  beforeAll(async () => {
    down = await SmtpPeer.gone();
    mailer = smtpMailer(down.url, FROM);
    // No workers: the request only writes the row, as when the workers are elsewhere.
    t = await createTestApp({ mailer, env: { PUBLIC_URL } });
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    mailer.close();
  });

  const invitations = (caseId: string) =>
    queryOn(t.database.db)<InvitationRow>(
      sql`SELECT o.id, o.status, o.attempts, o.last_error AS "lastError", o.next_attempt_at <= now() AS due
            FROM mail_outbox o JOIN shared_cases s ON o.event_key = 'case.share:' || s.id
           WHERE s.case_id = ${caseId}`,
    );

  it('shares while SMTP is down, and delivers the invitation once it is back', async () => {
    const { caseId } = await insertCase(t, {
      org: 'HVC',
      prefix: 'TAVI',
      orders: [{ devices: [DEVICE.sapien3Ultra] }],
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cases/${caseId}/share/`,
      headers: { ...bearer(physician), host: 'attacker.example' },
      payload: { email: OTHER },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sharedWith).toEqual([expect.objectContaining({ email: OTHER, isPending: false })]);
    const [queued] = await invitations(caseId);
    expect(queued).toMatchObject({ status: MailStatus.PENDING, attempts: 0 });
    const id = queued?.id ?? '';

    // A worker's attempt while the server is down fails and is put back for a retry.
    const sender = createMailSender({ database: t.database, queue: t.app.queue, mailer, log: t.app.log });
    await sender.sendOne(id);
    const [failed] = await invitations(caseId);
    expect(failed).toMatchObject({ status: MailStatus.PENDING, attempts: 1, due: false });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    // The mail server is back where it was; the retry falls due (the backoff, shortened).
    const peer = new SmtpPeer();
    await peer.start(down.port);
    await queryOn(t.database.db)(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ${id}`);
    const stop = await sender.start();
    try {
      await expect.poll(() => peer.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    } finally {
      await stop();
      await peer.stop();
    }
    expect(peer.received[0]?.to).toEqual([OTHER]);
    const received = plainMessage(peer.received[0]?.data ?? '');
    expect(received).toContain(`Message-ID: <${id}@outbox.cardiomap>`);
    // The link is built from PUBLIC_URL, never from the request's Host.
    expect(received).toContain(`${PUBLIC_URL}/case-detail/${caseId}`);
    expect(received).not.toContain('attacker.example');
    await expect.poll(async () => (await invitations(caseId))[0]?.status).toBe(MailStatus.SENT);
  });
});
