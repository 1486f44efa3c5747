import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Stored lower-case so sign-in and uniqueness ignore case. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    givenName: varchar('given_name', { length: 150 }).notNull().default(''),
    middleName: varchar('middle_name', { length: 30 }).notNull().default(''),
    familyName: varchar('family_name', { length: 150 }).notNull().default(''),
    title: varchar('title', { length: 20 }).notNull().default(''),
    phoneNumber: varchar('phone_number', { length: 150 }).notNull().default(''),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    hasApprovedTerms: boolean('has_approved_terms').notNull().default(false),
    previouslyApproved: boolean('previously_approved').notNull().default(false),
    lastPasswordChange: timestamp('last_password_change', {
      withTimezone: true,
    })
      .notNull()
      .defaultNow(),
    /** Set by an administrator's "expire password"; otherwise expiry follows the organisation policy. */
    passwordExpiredAt: timestamp('password_expired_at', { withTimezone: true }),
    organisationRequest: text('organisation_request').notNull().default(''),
    hidePatientIdentifier: boolean('hide_patient_identifier').notNull().default(false),
    casesDefaultTableView: boolean('cases_default_table_view').notNull().default(true),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by database triggers whenever anything the signed-in profile is built from changes (this row,
     * memberships, groups' permissions, specialisations, the organisations). Every API instance can then
     * cache profiles and still see a change on the very next request (see actor-cache.ts).
     */
    profileVersion: integer('profile_version').notNull().default(0),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);
