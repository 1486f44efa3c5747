import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  degradationReasons,
  devices,
  deviceVariants,
  interventions,
  rejectionReasons,
  trialLicenses,
} from './catalogue.ts';
import { createdAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** Spec §3 Case. Status is the numeric CaseStatus; transitions are `UPDATE … WHERE status IN (from)`. */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseIdentifier: varchar('case_identifier', { length: 40 }).notNull(),
    status: smallint('status').notNull().default(0),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    interventionId: uuid('intervention_id')
      .notNull()
      .references(() => interventions.id),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    caseResponsibleId: uuid('case_responsible_id').references(() => users.id),
    /** The trial licence this case counts against, when it was ordered under one. */
    trialId: uuid('trial_id').references(() => trialLicenses.id, { onDelete: 'set null' }),
    isResearch: boolean('is_research').notNull().default(false),
    isProspective: boolean('is_prospective').notNull().default(true),
    allowDataProcessing: boolean('allow_data_processing').notNull().default(true),
    patientIdentifier: varchar('patient_identifier', { length: 100 }).notNull(),
    patientAge: smallint('patient_age').notNull(),
    patientSex: varchar('patient_sex', { length: 1 }).notNull(),
    hasUpdatedPatientIdentifier: boolean('has_updated_patient_identifier').notNull().default(false),
    physicianComment: text('physician_comment').notNull().default(''),
    analystComment: text('analyst_comment').notNull().default(''),
    rejectionReasonId: uuid('rejection_reason_id').references(() => rejectionReasons.id),
    imagingDate: timestamp('imaging_date', { withTimezone: true }),
    interventionDatetime: timestamp('intervention_datetime', { withTimezone: true }),
    expectedDeliveryDatetime: timestamp('expected_delivery_datetime', { withTimezone: true }),
    dateCreated: createdAt('date_created'),
    dateSubmitted: timestamp('date_submitted', { withTimezone: true }),
    dateCompleted: timestamp('date_completed', { withTimezone: true }),
    dateModified: createdAt('date_modified'),
    /** When the case or one of its orders last changed status, set by a trigger (the case list's "changed" badge). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** Keys this case's UID remapping: the same original UID gets the same new UID on every ingest. */
    deidSecret: uuid('deid_secret').notNull().default(sql`gen_random_uuid()`),
  },
  (t) => [
    uniqueIndex('cases_case_identifier').on(t.caseIdentifier),
    // The case list: newest first within an organisation.
    index('cases_organisation_created').on(t.organisationId, t.dateCreated.desc(), t.id),
    index('cases_created').on(t.dateCreated.desc(), t.id),
    index('cases_trial').on(t.trialId),
  ],
);

/** Next sequence number of a readable case identifier, per organisation and intervention. */
export const caseIdentifierCounters = pgTable(
  'case_identifier_counters',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    interventionId: uuid('intervention_id')
      .notNull()
      .references(() => interventions.id),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.interventionId] })],
);

/** Spec §3 Order: one ordered service of a case. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    service: smallint('service').notNull(),
    status: smallint('status').notNull().default(0),
    isInitial: boolean('is_initial').notNull().default(false),
    isClinical: boolean('is_clinical').notNull().default(true),
    dateCreated: createdAt('date_created'),
    dateModified: createdAt('date_modified'),
  },
  (t) => [index('orders_case').on(t.caseId)],
);

/** The devices an order names, in the order the user chose them. */
export const orderDevices = pgTable(
  'order_devices',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.deviceId] })],
);

export const orderDeviceVariants = pgTable(
  'order_device_variants',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deviceVariantId: uuid('device_variant_id')
      .notNull()
      .references(() => deviceVariants.id),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.deviceVariantId] })],
);

/** An order's results marked non-clinical, with the remark shown to the clinician (spec §8). */
export const degradations = pgTable(
  'degradations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reasonId: uuid('reason_id').references(() => degradationReasons.id),
    remark: text('remark').notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    dateCreated: createdAt('date_created'),
  },
  (t) => [uniqueIndex('degradations_order').on(t.orderId)],
);

/** A delivery of an order's results; taking it back deletes it, a newer one obsoletes it. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    isObsoleted: boolean('is_obsoleted').notNull().default(false),
    createdById: uuid('created_by_id').references(() => users.id),
    dateCreated: createdAt('date_created'),
  },
  (t) => [index('deliveries_order').on(t.orderId)],
);

/**
 * A case shared by e-mail. `userId` is set when the invitee has an account (at once, or when they
 * register later); until then the share is a pending invitation for the e-mail address.
 */
export const sharedCases = pgTable(
  'shared_cases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id),
    dateCreated: createdAt('date_created'),
  },
  (t) => [uniqueIndex('shared_cases_case_email').on(t.caseId, t.email), index('shared_cases_user').on(t.userId)],
);
