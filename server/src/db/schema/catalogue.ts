import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations, regions } from './organisations.ts';
import { users } from './users.ts';

/** Spec §3 Intervention: TAVI, LAAO, TMVR, TPVR, TTVR, NV. */
export const interventions = pgTable('interventions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  prefix: varchar('prefix', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  variantLimit: integer('variant_limit').notNull().default(0),
  trainingRequired: boolean('training_required').notNull().default(false),
});

/** Spec §3 Device: a product of one intervention. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    interventionId: uuid('intervention_id')
      .notNull()
      .references(() => interventions.id),
    name: varchar('name', { length: 150 }).notNull(),
    manufacturer: varchar('manufacturer', { length: 150 }).notNull().default(''),
  },
  (t) => [index('devices_intervention').on(t.interventionId)],
);

/** Which services (0 anatomical, 1 simulation) can be ordered for a device at all. */
export const deviceServices = pgTable(
  'device_services',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    service: smallint('service').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.service] })],
);

/** Spec §3 Device variant: a size, named by a number. */
export const deviceVariants = pgTable(
  'device_variants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
  },
  (t) => [uniqueIndex('device_variants_device_name').on(t.deviceId, t.name)],
);

export const rejectionReasons = pgTable('rejection_reasons', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 255 }).notNull().unique(),
});

export const degradationReasons = pgTable('degradation_reasons', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 255 }).notNull().unique(),
});

/** Spec §3 Trial licence: an organisation may order up to `limit` cases under it. */
export const trialLicenses = pgTable(
  'trial_licenses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    limit: integer('limit').notNull().default(3),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trial_licenses_organisation').on(t.organisationId)],
);

/**
 * Spec §3 Device access: an organisation may order `service` for `device`, clinically or not; under a
 * trial licence when `trialId` is set.
 */
export const deviceAccesses = pgTable(
  'device_accesses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    service: smallint('service').notNull(),
    isClinical: boolean('is_clinical').notNull().default(true),
    trialId: uuid('trial_id').references(() => trialLicenses.id, { onDelete: 'cascade' }),
    /** Set when the access comes from a subscribed template (spec §3 deviceAccessGroupId). */
    deviceAccessGroupId: uuid('device_access_group_id').references((): AnyPgColumn => deviceAccessGroups.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [uniqueIndex('device_accesses_unique').on(t.organisationId, t.deviceId, t.service)],
);

/** Spec §3 Training: required per intervention (and region) before ordering. */
export const trainings = pgTable(
  'trainings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    interventionId: uuid('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    regionId: uuid('region_id').references(() => regions.id),
    title: varchar('title', { length: 255 }).notNull(),
  },
  (t) => [index('trainings_intervention').on(t.interventionId)],
);

export const trainingRecords = pgTable(
  'training_records',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateCompleted: timestamp('date_completed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.userId] })],
);

/** Spec §3 "License template (device access group)": a named set of licensed devices. */
export const deviceAccessGroups = pgTable('device_access_groups', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 255 }).notNull(),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
});

/** One licensed service of a device in a template, clinical or not. */
export const templateDevices = pgTable(
  'template_devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    deviceAccessGroupId: uuid('device_access_group_id')
      .notNull()
      .references(() => deviceAccessGroups.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    service: smallint('service').notNull(),
    isClinical: boolean('is_clinical').notNull().default(true),
  },
  (t) => [uniqueIndex('template_devices_unique').on(t.deviceAccessGroupId, t.deviceId, t.service)],
);

/**
 * An organisation's subscription to a template. Its devices are copied into device_accesses (tagged with
 * the template) so ordering reads one table; a device the organisation holds directly keeps that licence.
 */
export const organisationDeviceAccessGroups = pgTable(
  'organisation_device_access_groups',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    deviceAccessGroupId: uuid('device_access_group_id')
      .notNull()
      .references(() => deviceAccessGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.deviceAccessGroupId] })],
);
