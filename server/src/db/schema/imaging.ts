import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Spec §3 Queue: where jobs of a kind wait for a worker (a pg-boss queue of the same name). */
export const queues = pgTable('queues', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 60 }).notNull().unique(),
  description: text('description').notNull().default(''),
});

/** Spec §3 Job type. */
export const jobTypes = pgTable('job_types', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 60 }).notNull().unique(),
  description: text('description').notNull().default(''),
  queueId: uuid('queue_id')
    .notNull()
    .references(() => queues.id),
});

/** Spec §3 Input data: one upload of a case, its object in storage and what processing made of it. */
export const inputData = pgTable(
  'input_data',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 200 }).notNull(),
    sourceVersion: varchar('source_version', { length: 50 }).notNull().default(''),
    sourceClient: varchar('source_client', { length: 50 }).notNull().default(''),
    storageKey: text('storage_key').notNull(),
    /** The multipart upload in progress, when the file goes up in parts. */
    multipartUploadId: text('multipart_upload_id'),
    size: bigint('size', { mode: 'number' }),
    /**
     * The bytes the registration reserved (the announced size, else the largest upload): the case's
     * uploads may not reserve more than UPLOAD_BYTES_PER_CASE together (issue 22).
     */
    declaredSize: bigint('declared_size', { mode: 'number' }),
    /** SHA-256 (hex) of the object as confirmed; every ingest checks the object still has it (issue 22). */
    sha256: varchar('sha256', { length: 64 }),
    uploadSuccessful: boolean('upload_successful').notNull().default(false),
    status: smallint('status').notNull().default(0),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    series: jsonb('series').$type<unknown[]>().notNull().default([]),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    dateCreated: createdAt('date_created'),
    dateConfirmed: timestamp('date_confirmed', { withTimezone: true }),
  },
  (t) => [index('input_data_case').on(t.caseId, t.dateCreated)],
);

/** Spec §3 Study: one per case, made by the first successful ingest. */
export const studies = pgTable('studies', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  caseId: uuid('case_id')
    .notNull()
    .unique()
    .references(() => cases.id, { onDelete: 'cascade' }),
  dateCreated: createdAt('date_created'),
});

/** Spec §3 Study resource: 1 pseudonymised DICOM, 2 volume, 3 PDF report. */
export const studyResources = pgTable(
  'study_resources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studyId: uuid('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 200 }).notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    sourceVersion: varchar('source_version', { length: 50 }).notNull().default(''),
    sourceClient: varchar('source_client', { length: 50 }).notNull().default(''),
    inputDataId: uuid('input_data_id').references(() => inputData.id, { onDelete: 'set null' }),
    /**
     * Issue 28: a volume (type 2) is one cardiac phase of the acquisition, in cardiac order from 0. Rows
     * made before phases were told apart hold the defaults: phase 0, no label ('Single phase'), the default.
     */
    phaseIndex: smallint('phase_index').notNull().default(0),
    /** '40 %', '350 ms', 'Phase 3'; null: 'Single phase'. */
    phaseLabel: varchar('phase_label', { length: 40 }),
    phasePercent: real('phase_percent'),
    phaseTriggerTimeMs: real('phase_trigger_time_ms'),
    /** The phase the viewer opens and measurements default to: exactly one volume of a study. */
    isDefaultPhase: boolean('is_default_phase').notNull().default(true),
    dateCreated: createdAt('date_created'),
  },
  (t) => [
    index('study_resources_study').on(t.studyId, t.type),
    // Ingest replaces, never duplicates, a study's DICOM and each phase's volume: a re-run upserts on this.
    uniqueIndex('study_resources_one_ingest_output').on(t.studyId, t.type, t.phaseIndex).where(sql`type in (1, 2)`),
    uniqueIndex('study_resources_one_default_phase').on(t.studyId).where(sql`type = 2 and is_default_phase`),
  ],
);

/** Spec §3 Job: one run of a job type for a case, with its timings, log and outcome. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    inputDataId: uuid('input_data_id').references(() => inputData.id, { onDelete: 'cascade' }),
    jobTypeId: uuid('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** The current run's claim: a run whose heartbeat stops (a killed worker) is taken over by the next. */
    leaseId: uuid('lease_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** As any version wrote them: checked against the job type's schema when read (modules/jobs/job-types.ts). */
    params: jsonb('params').$type<unknown>().notNull().default({}),
    log: jsonb('log').$type<{ at: string; message: string }[]>().notNull().default([]),
    /** The type's result or the failure (modules/jobs/job-types.ts); {} until the job ends. */
    summary: jsonb('summary').$type<unknown>().notNull().default({}),
    createdById: uuid('created_by_id').references(() => users.id),
    dateCreated: createdAt('date_created'),
    dateStarted: timestamp('date_started', { withTimezone: true }),
    dateFinished: timestamp('date_finished', { withTimezone: true }),
  },
  (t) => [index('jobs_case').on(t.caseId, t.dateCreated.desc()), index('jobs_status').on(t.status)],
);

/** One line of a job's per-file report. */
export const jobResources = pgTable(
  'job_resources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    path: text('path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    code: varchar('code', { length: 40 }),
    reason: text('reason'),
    seriesKey: text('series_key'),
  },
  (t) => [uniqueIndex('job_resources_job_ordinal').on(t.jobId, t.ordinal)],
);
