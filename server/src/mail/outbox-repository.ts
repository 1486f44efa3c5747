import { sql } from 'drizzle-orm';
import type { Query } from '../db/query.ts';

/** mail_outbox.status (schema/mail.ts). */
export const MailStatus = {
  PENDING: 0,
  SENDING: 1,
  COMMITTING: 2,
  SENT: 3,
  FAILED: 4,
  UNCERTAIN: 5,
} as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];

export interface NewMail {
  eventKey: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** The body's secret link expires then (see schema/mail.ts); null for a body without a secret. */
  secretExpiresAt: Date | null;
}

/** A row one sender holds: what it sends, under its lease. */
export interface ClaimedMail {
  id: string;
  leaseId: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/** The new row's id, or null when this event already has a row for this recipient. */
export async function insertMail(query: Query, mail: NewMail): Promise<string | null> {
  const [row] = await query<{ id: string }>(
    sql`INSERT INTO mail_outbox (event_key, recipient, subject, text_body, html_body, secret_expires_at)
        VALUES (${mail.eventKey}, ${mail.recipient}, ${mail.subject}, ${mail.text}, ${mail.html},
                ${mail.secretExpiresAt?.toISOString() ?? null}::timestamptz)
        ON CONFLICT (event_key, recipient) DO NOTHING
        RETURNING id`,
  );
  return row?.id ?? null;
}

/**
 * Takes the row for one send: pending and due, or held by a sender whose lease ran out before it handed
 * the message over (it died, or hangs: its commit will fail, see commitMail). At most one claim wins.
 * A row whose secret link has expired is never taken (the sweep purges it).
 */
export async function claimMail(
  query: Query,
  id: string,
  leaseId: string,
  leaseSeconds: number,
): Promise<ClaimedMail | undefined> {
  const [row] = await query<ClaimedMail>(
    sql`UPDATE mail_outbox
           SET status = ${MailStatus.SENDING}, lease_id = ${leaseId}, attempts = attempts + 1,
               lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
         WHERE id = ${id}
           AND ((status = ${MailStatus.PENDING} AND next_attempt_at <= now())
             OR (status = ${MailStatus.SENDING} AND lease_expires_at < now()))
           AND (secret_expires_at IS NULL OR secret_expires_at > now())
     RETURNING id, lease_id AS "leaseId", recipient, subject, text_body AS "text", html_body AS "html", attempts`,
  );
  return row;
}

/**
 * The fence before the point of no return: true only if this sender still holds the row. A sender whose
 * lease was taken over gets false and must not finish its message.
 */
export async function commitMail(query: Query, id: string, leaseId: string): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE mail_outbox SET status = ${MailStatus.COMMITTING}
         WHERE id = ${id} AND lease_id = ${leaseId} AND status = ${MailStatus.SENDING} RETURNING id`,
  );
  return rows.length === 1;
}

/** Sent: the bodies are dropped, the row stays as the record that this event mailed this recipient. */
export async function markSent(query: Query, id: string, leaseId: string): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE mail_outbox
           SET status = ${MailStatus.SENT}, date_sent = now(), lease_id = NULL, lease_expires_at = NULL,
               text_body = NULL, html_body = NULL, last_error = NULL
         WHERE id = ${id} AND lease_id = ${leaseId}
           AND status IN (${MailStatus.SENDING}, ${MailStatus.COMMITTING})
     RETURNING id`,
  );
  return rows.length === 1;
}

/** Not delivered; to be tried again after `delaySeconds`. */
export async function releaseForRetry(
  query: Query,
  id: string,
  leaseId: string,
  error: string,
  delaySeconds: number,
): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE mail_outbox
           SET status = ${MailStatus.PENDING}, lease_id = NULL, lease_expires_at = NULL, last_error = ${error},
               next_attempt_at = now() + make_interval(secs => ${delaySeconds})
         WHERE id = ${id} AND lease_id = ${leaseId}
           AND status IN (${MailStatus.SENDING}, ${MailStatus.COMMITTING})
     RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * Given up (FAILED), or handed over without an answer (UNCERTAIN): either way never sent again. A body
 * is kept for a human to look at, except one with a secret link, which no one should read.
 */
export async function markFinal(
  query: Query,
  id: string,
  leaseId: string,
  status: typeof MailStatus.FAILED | typeof MailStatus.UNCERTAIN,
  error: string,
): Promise<boolean> {
  const rows = await query<{ id: string }>(
    sql`UPDATE mail_outbox
           SET status = ${status}, lease_id = NULL, lease_expires_at = NULL, last_error = ${error},
               text_body = CASE WHEN secret_expires_at IS NULL THEN text_body END,
               html_body = CASE WHEN secret_expires_at IS NULL THEN html_body END
         WHERE id = ${id} AND lease_id = ${leaseId}
           AND status IN (${MailStatus.SENDING}, ${MailStatus.COMMITTING})
     RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * Rows whose sender died after handing the message over and before reading the answer: it may have been
 * delivered, so it is not sent again (see the trade-off in outbox.ts); marked for a human to look at.
 */
export async function expireCommitting(query: Query): Promise<{ id: string; eventKey: string; recipient: string }[]> {
  return query<{ id: string; eventKey: string; recipient: string }>(
    sql`UPDATE mail_outbox
           SET status = ${MailStatus.UNCERTAIN}, lease_id = NULL, lease_expires_at = NULL,
               last_error = 'The sender stopped after handing the message over; it may or may not have arrived.'
         WHERE status = ${MailStatus.COMMITTING} AND lease_expires_at < now()
     RETURNING id, event_key AS "eventKey", recipient`,
  );
}

/**
 * Drops the bodies whose secret link has expired, whatever the row's state; a row not yet sent is given
 * up (its link would no longer work). Answers the purged rows with their status after it.
 */
export async function purgeExpiredSecrets(query: Query): Promise<{ id: string; eventKey: string; status: number }[]> {
  const unsent = sql`status IN (${MailStatus.PENDING}, ${MailStatus.SENDING})`;
  return query<{ id: string; eventKey: string; status: number }>(
    sql`UPDATE mail_outbox
           SET text_body = NULL, html_body = NULL,
               status = CASE WHEN ${unsent} THEN ${MailStatus.FAILED} ELSE status END,
               last_error = CASE WHEN ${unsent} THEN 'Its link expired before it could be sent.' ELSE last_error END,
               lease_id = CASE WHEN ${unsent} THEN NULL ELSE lease_id END
         WHERE secret_expires_at IS NOT NULL AND secret_expires_at <= now() AND text_body IS NOT NULL
     RETURNING id, event_key AS "eventKey", status`,
  );
}

/** Rows a message should be (re)sent for: due for longer than `graceSeconds`, or held by a dead sender. */
export async function mailsToResume(query: Query, graceSeconds: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    sql`SELECT id FROM mail_outbox
         WHERE (status = ${MailStatus.PENDING} AND next_attempt_at <= now() - make_interval(secs => ${graceSeconds}))
            OR (status = ${MailStatus.SENDING} AND lease_expires_at < now())
         ORDER BY next_attempt_at
         LIMIT 500`,
  );
  return rows.map((r) => r.id);
}
