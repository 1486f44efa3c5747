import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../src/db/query.ts';
import { renderMail } from '../../src/mail/layout.ts';
import { createMailSender, enqueueMail, type MailSender, retryDelaySeconds } from '../../src/mail/outbox.ts';
import { MailStatus } from '../../src/mail/outbox-repository.ts';
import { outboxMailer, smtpMailer } from '../../src/plugins/mail.ts';
import { SmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const FROM = 'CardioMap <no-reply@cardiomap.test>';
const message = renderMail({ subject: 'Results ready', paragraphs: ['The analysis of HVC-TAVI-00001 is ready.'] });

describe('mail outbox', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  const closers: (() => void)[] = [];
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    peer = new SmtpPeer();
    await peer.start();
  });
  afterAll(async () => {
    await peer.stop();
    await t.close();
  });
  afterEach(() => {
    for (const close of closers.splice(0)) close();
    peer.received.splice(0);
  });

  /** A sender as a worker process has one: its own SMTP transport (connections) and lease. */
  function newSender(): MailSender {
    const mailer = smtpMailer(peer.url, FROM);
    closers.push(() => mailer.close());
    return createMailSender({ database: t.database, queue: t.app.queue, mailer, log: t.app.log });
  }

  /** A row written in a committed transaction, as a service writes it. */
  async function enqueued(to = 'physician@cardiomap.test'): Promise<string> {
    sequence += 1;
    const id = await t.database.db.transaction((tx) =>
      enqueueMail(queryOn(tx), { eventKey: `test.event:${sequence}`, to, message }),
    );
    if (!id) throw new Error('not enqueued');
    return id;
  }

  async function row(id: string) {
    const [found] = await queryOn(t.database.db)<{
      status: number;
      attempts: number;
      textBody: string | null;
      lastError: string | null;
      retryIn: number;
    }>(
      sql`SELECT status, attempts, text_body AS "textBody", last_error AS "lastError",
                 extract(epoch FROM next_attempt_at - now())::int AS "retryIn"
            FROM mail_outbox WHERE id = ${id}`,
    );
    return found;
  }

  /** What a dead sender's lease looks like once its time has passed (no waiting in a test). */
  const expireLease = (id: string) =>
    queryOn(t.database.db)(sql`UPDATE mail_outbox SET lease_expires_at = now() - interval '1 second' WHERE id = ${id}`);

  it('writes the mail in the caller transaction: a rollback leaves nothing', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(queryOn(tx), { eventKey: 'test.rollback', to: 'a@cardiomap.test', message });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await queryOn(t.database.db)(sql`SELECT id FROM mail_outbox WHERE event_key = 'test.rollback'`);
    expect(rows).toHaveLength(0);
  });

  it('keeps one row per event and recipient, whatever the case of the address', async () => {
    const query = queryOn(t.database.db);
    const first = await enqueueMail(query, { eventKey: 'test.once', to: 'Anna@cardiomap.test', message });
    const again = await enqueueMail(query, { eventKey: 'test.once', to: 'anna@cardiomap.test', message });
    const other = await enqueueMail(query, { eventKey: 'test.once', to: 'ben@cardiomap.test', message });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
  });

  it('sends a row once to a real SMTP server, with an HTML and a text part, then drops its body', async () => {
    const id = await enqueued();
    const sender = newSender();
    await sender.sendOne(id);
    await sender.sendOne(id);
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail?.to).toEqual(['physician@cardiomap.test']);
    expect(mail?.from).toBe('no-reply@cardiomap.test');
    expect(mail?.data).toContain('Subject: Results ready');
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('Content-Type: text/html');
    expect(mail?.data).toContain(`Message-ID: <${id}@outbox.cardiomap>`);
    expect(await row(id)).toMatchObject({ status: MailStatus.SENT, attempts: 1, textBody: null });
  });

  it('delivers exactly once when a sender is abandoned mid-send and another takes the row over', async () => {
    const id = await enqueued();
    const stall = SmtpPeer.stall('stall-at-rcpt');
    peer.next(stall.behaviour);
    const dying = newSender();
    const abandoned = dying.sendOne(id);
    await stall.reached; // The first sender is connected and mid-conversation, holding the lease.
    expect((await row(id))?.status).toBe(MailStatus.SENDING);
    const abandonedSession = peer.sessions().at(-1) ?? '';

    // It stops answering; its lease runs out, and another worker's sender takes the row over.
    await expireLease(id);
    await newSender().sendOne(id);
    expect(peer.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: MailStatus.SENT, attempts: 2 });

    // The first sender comes back to life: its fence fails, it never finishes its message.
    stall.release();
    await abandoned;
    await peer.whenClosed(abandonedSession);
    expect(peer.received).toHaveLength(1);
    expect((await row(id))?.status).toBe(MailStatus.SENT);
  });

  it('resends a row whose sender died after claiming it, once its lease has run out', async () => {
    const id = await enqueued();
    // A worker claimed it and was killed before connecting: the row is held by a lease nobody renews.
    await queryOn(t.database.db)(
      sql`UPDATE mail_outbox SET status = ${MailStatus.SENDING}, attempts = 1, lease_id = gen_random_uuid(),
                 lease_expires_at = now() + interval '2 minutes' WHERE id = ${id}`,
    );
    const sender = newSender();
    await sender.sendOne(id);
    expect(peer.received).toHaveLength(0); // Still held: not taken over before the lease runs out.
    await expireLease(id);
    await sender.sendOne(id);
    expect(peer.received).toHaveLength(1);
    expect((await row(id))?.status).toBe(MailStatus.SENT);
  });

  it('never sends again a message handed over without an answer (at-most-once after the ".")', async () => {
    const id = await enqueued();
    const stall = SmtpPeer.stall('stall-after-data');
    peer.next(stall.behaviour);
    const dying = newSender();
    const handedOver = dying.sendOne(id);
    await stall.reached;
    expect((await row(id))?.status).toBe(MailStatus.COMMITTING);

    await expireLease(id);
    const other = newSender();
    await other.sweep(0);
    expect((await row(id))?.status).toBe(MailStatus.UNCERTAIN);
    await other.sendOne(id);
    expect(peer.received).toHaveLength(0);

    // The server did accept it in the end: one delivery, and the row stays marked for a human to check.
    stall.release();
    await handedOver;
    expect(peer.received).toHaveLength(1);
    expect((await row(id))?.status).toBe(MailStatus.UNCERTAIN);
  });

  it('retries a temporary refusal later with backoff, and gives up a permanent one', async () => {
    const id = await enqueued();
    peer.next({ kind: 'refuse', code: 451 });
    const sender = newSender();
    await sender.sendOne(id);
    const retrying = await row(id);
    expect(retrying).toMatchObject({ status: MailStatus.PENDING, attempts: 1 });
    expect(retrying?.lastError).toContain('Refused by the test peer');
    expect(retrying?.retryIn).toBeGreaterThan(retryDelaySeconds(1) - 5);
    await sender.sendOne(id);
    expect(peer.received).toHaveLength(0); // Not due yet.

    await queryOn(t.database.db)(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ${id}`);
    await sender.sendOne(id);
    expect(peer.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: MailStatus.SENT, attempts: 2 });

    const refused = await enqueued('nobody@cardiomap.test');
    peer.next({ kind: 'refuse', code: 550 });
    await sender.sendOne(refused);
    expect(await row(refused)).toMatchObject({ status: MailStatus.FAILED, attempts: 1 });
  });

  it('puts a row back for a retry when the mail server is down (the send does not hang)', async () => {
    const id = await enqueued();
    const gone = await SmtpPeer.gone();
    const mailer = smtpMailer(gone.url, FROM);
    closers.push(() => mailer.close());
    const sender = createMailSender({ database: t.database, queue: t.app.queue, mailer, log: t.app.log });
    const started = Date.now();
    await sender.sendOne(id);
    expect(Date.now() - started).toBeLessThan(5_000);
    const retrying = await row(id);
    expect(retrying).toMatchObject({ status: MailStatus.PENDING, attempts: 1 });
    expect(retrying?.lastError).toContain('ECONNREFUSED');
    expect(retrying?.retryIn).toBeGreaterThan(retryDelaySeconds(1) - 5);
  }, 10_000);

  describe('a body with a secret link', () => {
    async function secret(until: Date): Promise<string> {
      sequence += 1;
      const id = await t.database.db.transaction((tx) =>
        enqueueMail(queryOn(tx), {
          eventKey: `test.secret:${sequence}`,
          to: 'physician@cardiomap.test',
          message,
          secretUntil: until,
        }),
      );
      if (!id) throw new Error('not enqueued');
      return id;
    }
    const inAnHour = () => new Date(Date.now() + 3_600_000);

    it('is sent like any other, and its body dropped once sent', async () => {
      const id = await secret(inAnHour());
      expect((await row(id))?.textBody).toContain('HVC-TAVI-00001');
      await newSender().sendOne(id);
      expect(peer.received).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: MailStatus.SENT, textBody: null });
    });

    it('is never sent once its link expired: the sweep gives it up and drops its body', async () => {
      const id = await secret(inAnHour());
      await queryOn(t.database.db)(
        sql`UPDATE mail_outbox SET secret_expires_at = now() - interval '1 second' WHERE id = ${id}`,
      );
      const sender = newSender();
      await sender.sendOne(id);
      expect(peer.received).toHaveLength(0);
      await sender.sweep(0);
      expect(await row(id)).toMatchObject({ status: MailStatus.FAILED, textBody: null });
      expect((await row(id))?.lastError).toMatch(/expired/);
      await sender.sendOne(id);
      expect(peer.received).toHaveLength(0);
    });

    it('drops its body when given up, unlike a body without a secret', async () => {
      const plain = await enqueued();
      const withSecret = await secret(inAnHour());
      const sender = newSender();
      for (const id of [plain, withSecret]) {
        peer.next({ kind: 'refuse', code: 550 });
        await sender.sendOne(id);
      }
      expect(await row(plain)).toMatchObject({ status: MailStatus.FAILED, textBody: expect.any(String) });
      expect(await row(withSecret)).toMatchObject({ status: MailStatus.FAILED, textBody: null });
    });
  });

  it('backs off 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 3600, 3600]);
  });

  it('writes an .eml to the development outbox only once the fence passed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-outbox-'));
    try {
      const mailer = outboxMailer(dir, FROM);
      const to = { to: 'a@cardiomap.test', ...message };
      await expect(
        mailer.send(to, {
          commit: async () => {
            throw new Error('lease lost');
          },
        }),
      ).rejects.toThrow('lease lost');
      expect(readdirSync(dir)).toEqual([]);
      await mailer.send(to, { commit: async () => undefined });
      expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail outbox in the app', () => {
  it('sends what a service enqueued and dispatched, from the workers, after the commit', async () => {
    const peer = new SmtpPeer();
    await peer.start();
    const mailer = smtpMailer(peer.url, FROM);
    const t = await createTestApp({ seed: false, mailer, env: { RUN_WORKERS: 'true' } });
    try {
      const id = await t.database.db.transaction((tx) =>
        enqueueMail(queryOn(tx), { eventKey: 'test.app', to: 'physician@cardiomap.test', message }),
      );
      await t.app.dispatchMail([id]);
      await expect.poll(() => peer.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
      expect(peer.received[0]?.data).toContain('HVC-TAVI-00001');
    } finally {
      await t.close();
      await peer.stop();
    }
  });
});
