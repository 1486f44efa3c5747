import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const regions = pgTable('regions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  code: varchar('code', { length: 3 }).notNull().unique(),
  name: varchar('name', { length: 255 }).notNull(),
  country: varchar('country', { length: 2 }).notNull(),
  regionId: uuid('region_id')
    .notNull()
    .references(() => regions.id),
  allowDataProcessing: boolean('allow_data_processing').notNull().default(true),
  dataProcessingContract: varchar('data_processing_contract', { length: 1024 }).notNull().default('default'),
  hasConfidentialityAgreement: boolean('has_confidentiality_agreement').notNull().default(false),
  requiresOtp: boolean('requires_otp').notNull().default(false),
  passwordExpires: boolean('password_expires').notNull().default(false),
  passwordExpirationDays: integer('password_expiration_days').notNull().default(180),
  distributorId: uuid('distributor_id').references((): AnyPgColumn => organisations.id),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

export const organisationMemberships = pgTable(
  'organisation_memberships',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    contact: boolean('contact').notNull().default(false),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('organisation_memberships_unique').on(t.organisationId, t.userId),
    index('organisation_memberships_user').on(t.userId),
  ],
);
