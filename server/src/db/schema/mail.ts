import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * E-mail waiting to be sent, written in the transaction of the change it tells about (server/src/mail/
 * outbox.ts). One row per event and recipient: the unique key is what keeps an event from mailing twice.
 * Status: 0 pending, 1 sending (lease held), 2 committing (the message was handed over; the answer not
 * yet read), 3 sent, 4 failed (given up), 5 uncertain (the sender died after handing it over).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What happened, e.g. `order.deliver:<deliveryId>`; with the recipient, unique. */
    eventKey: varchar('event_key', { length: 200 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    /** Cleared once sent: the row stays as the record that the event was mailed, not as a copy of it. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseId: uuid('lease_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Set when the body carries a secret link (password reset, e-mail verification): the link's own
     * expiry. The row is never sent after it, and its body is dropped then whatever its status, so the
     * link in clear rests in the database only until it is sent, and never longer than it is valid.
     */
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    dateCreated: createdAt('date_created'),
    dateSent: timestamp('date_sent', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_event_recipient').on(t.eventKey, t.recipient),
    // The sweep's question: which rows are still to be sent, or held by a lease that may have expired.
    index('mail_outbox_open').on(t.status, t.nextAttemptAt).where(sql`status IN (0, 1, 2)`),
    // The sweep's purge: secret bodies still held, by expiry.
    index('mail_outbox_secret_bodies')
      .on(t.secretExpiresAt)
      .where(sql`secret_expires_at IS NOT NULL AND text_body IS NOT NULL`),
  ],
);
