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
import { orders } from './cases.ts';
import { interventions } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { studies, studyResources } from './imaging.ts';
import { users } from './users.ts';

type Vec3 = [number, number, number];

/** Spec §3 Analysis: 0 legacy, 1 anatomical, 2 simulation, 3 redo TAVI — the work done on a study. */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studyId: uuid('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Made by a job (the automatic blood-pool model), not by an analyst. */
    isPreliminary: boolean('is_preliminary').notNull().default(false),
    /** The Details tab: named results (e.g. simulation figures) with unit. */
    results: jsonb('results').$type<{ name: string; value: string | number; unit?: string }[]>().notNull().default([]),
    createdById: uuid('created_by_id').references(() => users.id),
    dateCreated: createdAt('date_created'),
  },
  (t) => [
    index('analyses_study').on(t.studyId, t.dateCreated),
    // A re-run of the surface job replaces the preliminary analysis instead of adding a second one.
    uniqueIndex('analyses_one_preliminary').on(t.studyId).where(sql`is_preliminary`),
  ],
);

/** Spec §3 Analysis resource: 1 scene object, 2 image, 3 segmentation volume, 4 segmentation indices. */
export const analysisResources = pgTable(
  'analysis_resources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 200 }).notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }),
    uploadSuccessful: boolean('upload_successful').notNull().default(false),
    /** The storage's id of a part-wise upload (files above 32 MB) until it is confirmed. */
    multipartUploadId: text('multipart_upload_id'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    sourceVersion: varchar('source_version', { length: 50 }).notNull().default(''),
    sourceClient: varchar('source_client', { length: 50 }).notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id),
    dateCreated: createdAt('date_created'),
  },
  (t) => [index('analysis_resources_analysis').on(t.analysisId, t.type)],
);

/** Spec §3 Landmark type and its config (colour, order): the predefined landmarks an analyst places. */
export const landmarkTypes = pgTable('landmark_types', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: varchar('name', { length: 120 }).notNull(),
  /** 0 aortic root, 1 femoral. */
  kind: smallint('kind').notNull(),
  geometryType: smallint('geometry_type').notNull(),
  viewType: smallint('view_type').notNull(),
  interventionId: uuid('intervention_id').references(() => interventions.id),
  color: varchar('color', { length: 20 }).notNull(),
  order: integer('order').notNull().default(0),
});

/** Spec §3 Landmark: points in patient coordinates (mm) on a plane of the MPR panes. */
export const landmarks = pgTable(
  'landmarks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    /** Null: a custom landmark. */
    landmarkTypeId: uuid('landmark_type_id').references(() => landmarkTypes.id),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    geometryType: smallint('geometry_type').notNull(),
    viewType: smallint('view_type').notNull(),
    points: jsonb('points').$type<Vec3[]>().notNull(),
    normal: jsonb('normal').$type<Vec3 | null>(),
    centroid: jsonb('centroid').$type<Vec3 | null>(),
    resliceRotation: jsonb('reslice_rotation').$type<number[] | null>(),
    resliceCenter: jsonb('reslice_center').$type<Vec3 | null>(),
    measurements: jsonb('measurements').$type<Record<string, number>>().notNull().default({}),
    /** Issue 28: the cardiac phase (volume) it was placed on; null for landmarks placed before phases. */
    phaseId: uuid('phase_id').references(() => studyResources.id, { onDelete: 'set null' }),
    color: varchar('color', { length: 20 }),
    sourceClient: varchar('source_client', { length: 50 }).notNull().default(''),
    sourceVersion: varchar('source_version', { length: 50 }).notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isPublished: boolean('is_published').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    dateCreated: createdAt('date_created'),
    dateModified: timestamp('date_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landmarks_analysis').on(t.analysisId, t.dateCreated)],
);

/** Spec §3 Config: a study's viewer options and comments; its visualisations are the study's. */
export const viewerConfigs = pgTable('viewer_configs', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  studyId: uuid('study_id')
    .notNull()
    .unique()
    .references(() => studies.id, { onDelete: 'cascade' }),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  comments: jsonb('comments').$type<{ author: string; text: string; date: string }[]>().notNull().default([]),
  dateCreated: createdAt('date_created'),
});

/** Spec §3 Visualisation: a group of scene objects, usually one analysis's. */
export const visualisations = pgTable(
  'visualisations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studyId: uuid('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull().default(''),
    opacity: real('opacity').notNull().default(1),
    order: integer('order').notNull().default(0),
    dateCreated: createdAt('date_created'),
  },
  (t) => [index('visualisations_study').on(t.studyId, t.order)],
);

/** Spec §3 Visualisation object: how one scene object (a mesh resource) is drawn in the 3D scene. */
export const visualisationObjects = pgTable(
  'visualisation_objects',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    visualisationId: uuid('visualisation_id')
      .notNull()
      .references(() => visualisations.id, { onDelete: 'cascade' }),
    studyId: uuid('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    analysisResourceId: uuid('analysis_resource_id').references(() => analysisResources.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default('#d9534f'),
    opacity: real('opacity').notNull().default(1),
    maxOpacity: real('max_opacity').notNull().default(1),
    isVisible: boolean('is_visible').notNull().default(true),
    isDoubleSided: boolean('is_double_sided').notNull().default(false),
    isEditable: boolean('is_editable').notNull().default(true),
    renderOrder: integer('render_order').notNull().default(0),
    hasDepthTestEnabled: boolean('has_depth_test_enabled').notNull().default(true),
    hasFlatShadingEnabled: boolean('has_flat_shading_enabled').notNull().default(false),
    isAffectedByLighting: boolean('is_affected_by_lighting').notNull().default(true),
    objectOrder: integer('object_order').notNull().default(0),
    dateCreated: createdAt('date_created'),
  },
  (t) => [index('visualisation_objects_visualisation').on(t.visualisationId, t.objectOrder)],
);
