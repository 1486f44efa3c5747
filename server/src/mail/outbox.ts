import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { type Query, queryOn } from '../db/query.ts';
import type { JobQueue, QueueChannel } from '../jobs/job-queue.ts';
import type { Mailer } from '../plugins/mail.ts';
import type { RenderedMail } from './layout.ts';
import * as repo from './outbox-repository.ts';

/*
 * The mail outbox: e-mail about a change is written as a row in the transaction of that change, and sent
 * by a worker after the commit (a pg-boss message on a queue of its own, `mail`; not a Job of the job
 * catalogue, so it is not listed on any case).
 *
 * Delivery guarantee, and the trade-off chosen. Exactly-once delivery over SMTP is impossible in
 * general: between the message's final "." and the server's "250 OK" a sender can die, and nobody knows
 * whether the message arrived. We split a send at that point:
 *
 *   - Up to the final ".", the send is at-least-once and safe to repeat: a row is claimed with a lease
 *     (status SENDING), and a sender that dies, hangs or fails before the "." leaves a message the server
 *     discards (SMTP keeps nothing of an unfinished DATA). Its lease runs out and another sender takes the
 *     row over. Just before the "." a sender must pass a fence (`commitMail`: SENDING → COMMITTING under
 *     its own lease id); a sender whose lease was taken over fails the fence and abandons its message, so
 *     two senders never both finish one row.
 *   - After the "." the send is at-most-once: a row left in COMMITTING by a dead sender is marked
 *     UNCERTAIN and never sent again (logged as an error for a human to check), because a repeat there
 *     could be a duplicate. The window is one network round trip, so this loses a notification only when
 *     a process dies in that round trip; a duplicate notification would be worse for a clinician reading
 *     them, and a lost one is still visible in the app (the case list's "changed" badge).
 *
 * A server's own refusal (an SMTP error code) is not uncertain: the message was not taken, so it is
 * retried with backoff (4xx) or given up (5xx). The Message-ID is the row's, so even an uncertain
 * message is recognisable. Bodies are dropped once sent.
 *
 * Secret links (password reset, e-mail verification). Such a mail must survive a crash like any other,
 * so it goes through the outbox too, and its body holds the link in clear until it is sent; the token
 * itself is stored only hashed in its own table. The body is bounded instead of hidden: `secretUntil`
 * (the link's own expiry) makes the row unsendable after it and has the sweep drop its body then, and a
 * body is dropped as soon as the row is sent, given up or uncertain. So the clear link rests in the
 * database for the seconds before its send, and never longer than it could be used. Encrypting the body
 * was weighed and not chosen: the workers need the key, so it would sit in the same database (as the
 * access-token key does), which hides nothing from a reader of that database, or in a new secret
 * setting that every deployment must keep; neither bounds the exposure better than the purge does.
 */

export const MAIL_QUEUE = 'mail';
const mailMessage = z.strictObject({ mailId: z.uuid() });

/** Longer than any one send takes (nodemailer's own time-outs end a stuck one before it). */
const LEASE_SECONDS = 120;
/** Attempts before a mail is given up: with the backoff below, about two hours of trying. */
export const MAX_MAIL_ATTEMPTS = 8;
/** 1, 2, 4 … minutes after each failed attempt, at most an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(60 * 2 ** (attempts - 1), 3600);
/** How often rows with a lost message or a dead sender are looked for. */
const SWEEP_SECONDS = 30;
/** A due row is re-sent by the sweep only after this long (its own message is normally on the way). */
const RESEND_GRACE_SECONDS = 60;

export const mailChannel = (queue: JobQueue): QueueChannel<{ mailId: string }> =>
  queue.channel(MAIL_QUEUE, mailMessage);

export interface OutboxMail {
  /**
   * What happened, unique per event: `order.deliver:<deliveryId>`, `case.reject:<caseId>`. With the
   * recipient it keys the row, so the same event enqueued twice (a retried job, a repeated request)
   * mails each recipient once.
   */
  eventKey: string;
  to: string;
  message: RenderedMail;
  /** The body carries a secret link valid until then: never sent after it, its body purged then. */
  secretUntil?: Date;
}

/**
 * Writes the e-mail IN THE CALLER'S TRANSACTION (pass `queryOn(tx)`): it is sent only if the change
 * commits. Answers the row's id, to hand to `dispatchMail` after the commit, or null when this event
 * already mailed this recipient.
 */
export async function enqueueMail(query: Query, mail: OutboxMail): Promise<string | null> {
  return repo.insertMail(query, {
    eventKey: mail.eventKey,
    recipient: mail.to.trim().toLowerCase(),
    subject: mail.message.subject,
    text: mail.message.text,
    html: mail.message.html,
    secretExpiresAt: mail.secretUntil ?? null,
  });
}

/**
 * After the commit: asks a worker to send these rows now. Never throws and never waits for the send
 * itself; a message lost here is found by the workers' sweep within a minute or two.
 */
export async function dispatchMail(
  queue: JobQueue,
  ids: readonly (string | null)[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const channel = mailChannel(queue);
  for (const mailId of ids) {
    if (mailId)
      await channel.send({ mailId }).catch((error) => log.warn({ err: error, mailId }, 'mail not dispatched'));
  }
}

export interface MailSenderDeps {
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The sender: consumes the mail queue and sweeps for rows to resume. */
export function createMailSender(deps: MailSenderDeps) {
  const query = queryOn(deps.database.db);
  const channel = mailChannel(deps.queue);
  let stopping = false;

  /** One attempt at one row; every outcome is written under the lease, so a lost lease writes nothing. */
  async function sendOne(mailId: string): Promise<void> {
    if (stopping) return;
    const leaseId = randomUUID();
    const mail = await repo.claimMail(query, mailId, leaseId, LEASE_SECONDS);
    if (!mail) return; // Sent, given up, not yet due, or another sender holds it.
    let committed = false;
    try {
      await deps.mailer.send(
        { to: mail.recipient, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) },
        {
          messageId: `<${mail.id}@outbox.cardiomap>`,
          commit: async () => {
            if (!(await repo.commitMail(query, mail.id, leaseId))) throw new LeaseLost();
            committed = true;
          },
        },
      );
    } catch (error) {
      await failed(mail, leaseId, error, committed);
      return;
    }
    await repo.markSent(query, mail.id, leaseId);
  }

  async function failed(mail: repo.ClaimedMail, leaseId: string, error: unknown, committed: boolean): Promise<void> {
    if (error instanceof LeaseLost) {
      deps.log.info({ mailId: mail.id }, 'mail taken over by another sender; this send abandoned');
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const responseCode = (error as { responseCode?: number }).responseCode;
    if (committed && responseCode === undefined) {
      await repo.markFinal(query, mail.id, leaseId, repo.MailStatus.UNCERTAIN, message);
      deps.log.error({ mailId: mail.id, err: error }, 'mail handed over without an answer: not sent again');
      return;
    }
    if ((responseCode !== undefined && responseCode >= 500) || mail.attempts >= MAX_MAIL_ATTEMPTS) {
      await repo.markFinal(query, mail.id, leaseId, repo.MailStatus.FAILED, message);
      deps.log.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail given up');
      return;
    }
    const delay = retryDelaySeconds(mail.attempts);
    if (await repo.releaseForRetry(query, mail.id, leaseId, message, delay)) {
      deps.log.warn({ mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, err: error }, 'mail failed');
      await channel.send({ mailId: mail.id }, { startAfterSeconds: delay });
    }
  }

  async function sweep(graceSeconds: number): Promise<void> {
    for (const purged of await repo.purgeExpiredSecrets(query)) {
      if (purged.status === repo.MailStatus.FAILED) deps.log.error(purged, 'mail link expired before it was sent');
    }
    for (const lost of await repo.expireCommitting(query)) {
      deps.log.error(lost, 'mail sender stopped after handing a message over: it may not have arrived');
    }
    for (const mailId of await repo.mailsToResume(query, graceSeconds)) await channel.send({ mailId });
  }

  return {
    sendOne,
    sweep,
    /** Starts consuming and sweeping in this process; answers the function that stops it. */
    async start(): Promise<() => Promise<void>> {
      await channel.work(({ mailId }) => sendOne(mailId), { concurrency: 2 });
      await sweep(0).catch((error) => deps.log.error({ err: error }, 'mail sweep failed'));
      const timer = setInterval(() => {
        sweep(RESEND_GRACE_SECONDS).catch((error) => deps.log.error({ err: error }, 'mail sweep failed'));
      }, SWEEP_SECONDS * 1000);
      timer.unref();
      return async () => {
        stopping = true;
        clearInterval(timer);
      };
    },
  };
}

/** This sender's lease was taken over before it handed the message over. */
class LeaseLost extends Error {
  constructor() {
    super('The mail was taken over by another sender.');
  }
}

export type MailSender = ReturnType<typeof createMailSender>;
