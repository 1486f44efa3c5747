import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * A registration waiting for its address to be proven (issue 19). The account itself is created only
 * when the e-mailed link is opened, so an address nobody proved never holds an account, and several
 * registrations for one address stay apart: each link creates the account its own author described.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Lower-case, as users.email. */
    email: varchar('email', { length: 254 }).notNull(),
    /** argon2id of the chosen password; emptied once the account exists. */
    passwordHash: text('password_hash').notNull(),
    givenName: varchar('given_name', { length: 150 }).notNull(),
    middleName: varchar('middle_name', { length: 30 }).notNull().default(''),
    familyName: varchar('family_name', { length: 150 }).notNull(),
    title: varchar('title', { length: 20 }).notNull().default(''),
    phoneNumber: varchar('phone_number', { length: 150 }).notNull(),
    /** The existing organisation asked for; null for a new one (named in organisationName). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** The name shown to the administrator: the chosen organisation's or the new one's. */
    organisationName: varchar('organisation_name', { length: 255 }).notNull(),
    /** Public half of the link's key, looked up by index; the secret half is kept only as a hash. */
    selector: varchar('selector', { length: 32 }).notNull().unique(),
    verifierHash: varchar('verifier_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The account the verification created (or found), kept for the administrator's approval. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registrations_email').on(t.email), index('registrations_user').on(t.userId)],
);
