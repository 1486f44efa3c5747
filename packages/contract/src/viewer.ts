import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { cardiacPhaseSchema, studyResourceSchema, studySchema } from './imaging.ts';
import { legacyResultsSchema } from './legacy-results.ts';
import { pageQuerySchema } from './pagination.ts';

const REQUIRED = 'This field is required';
const uuidRequired = z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') });
const finite = z.number({ error: 'Enter a number.' }).finite('Enter a finite number.');
/** A point or vector in patient coordinates (DICOM LPS, mm). */
export const vec3Schema = z.tuple([finite, finite, finite], { error: 'Enter three numbers [x, y, z].' });
export type Vec3 = z.infer<typeof vec3Schema>;
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');
const metadataSchema = z.object({ mimeType: z.string().max(200) });
const sourceFields = { sourceVersion: z.string().max(50).default(''), sourceClient: z.string().max(50).default('') };

/** Spec §3 Analysis. */
export const analysisSchema = z.object({
  id: z.uuid(),
  studyId: z.uuid(),
  type: z.number().int(),
  name: z.string(),
  orderId: z.uuid().nullable(),
  isPreliminary: z.boolean(),
  results: z.array(
    z.object({ name: z.string(), value: z.union([z.string(), z.number()]), unit: z.string().optional() }),
  ),
  analysisResourceIds: z.array(z.uuid()),
  landmarkIds: z.array(z.uuid()),
  dateCreated: z.string(),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const createAnalysisSchema = z.object({
  studyId: uuidRequired,
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Choose an analysis type (0–3).' }),
  name: z.string().trim().max(200).default(''),
  orderId: uuidSchema.nullable().optional(),
  results: analysisSchema.shape.results.max(200).default([]),
});

/** Spec §3 Analysis resource: a mesh, figure or segmentation an analyst attaches to an analysis. */
export const analysisResourceSchema = z.object({
  id: z.uuid(),
  analysisId: z.uuid(),
  type: z.number().int(),
  name: z.string(),
  filename: z.string(),
  metadata: metadataSchema,
  size: z.number().int().nullable(),
  uploadSuccessful: z.boolean(),
  /** Free-form, e.g. colour and opacity for a scene object. */
  attributes: z.record(z.string(), z.unknown()),
  sourceVersion: z.string(),
  sourceClient: z.string(),
  dateCreated: z.string(),
  readUrl: z.string().nullable(),
});
export type AnalysisResource = z.infer<typeof analysisResourceSchema>;

/** Issue 17: a mesh result (STL, PLY, OBJ, glTF/GLB, VTP) is at most 200 MB; a figure (PNG) 20 MB. */
export const MAX_MESH_BYTES = 200 * 1024 * 1024;
export const MAX_FIGURE_BYTES = 20 * 1024 * 1024;
export const MESH_FILE_EXTENSIONS = ['stl', 'ply', 'obj', 'gltf', 'glb', 'vtp'] as const;
export const MESH_FORMAT_REQUIRED = 'Choose an STL, PLY, OBJ, glTF, GLB or VTP file.';
export const FIGURE_FORMAT_REQUIRED = 'A figure is a PNG image (.png).';

/** The view a figure was captured from: an MPR pane or the 3D scene. */
export const FIGURE_VIEWS = ['axial', 'coronal', 'sagittal', '3d'] as const;
export type FigureView = (typeof FIGURE_VIEWS)[number];
/**
 * The camera of the captured view, so a click on the figure brings the viewer back to it: the MPR
 * pane's plane (Cornerstone camera) or the 3D scene's camera (position, target as focalPoint, up).
 */
export const figureCameraSchema = z.object({
  position: vec3Schema,
  focalPoint: vec3Schema,
  viewUp: vec3Schema,
  /** MPR panes: half the height shown (mm), i.e. the zoom. */
  parallelScale: finite.positive('Must be positive.').optional(),
});
export type FigureCamera = z.infer<typeof figureCameraSchema>;
/** An image resource's attributes when it is a figure (type 2), checked when it is registered. */
export const figureAttributesSchema = z.object({
  caption: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, 'Keep the caption under 500 characters.'),
  view: z.enum(FIGURE_VIEWS, { error: 'Choose axial, coronal, sagittal or 3d.' }),
  camera: figureCameraSchema,
  /** Issue 28: the cardiac phase shown; absent → the study's default phase. Must be a phase of the study. */
  phaseId: uuidSchema.optional(),
  /** Set by the server from phaseId when the figure is registered (what the report prints). */
  phaseLabel: z.string().max(40).optional(),
});
export type FigureAttributes = z.infer<typeof figureAttributesSchema>;
/** A mesh result's attributes: its colour in the scene (the name is the resource's, e.g. "Aorta"). */
export const meshAttributesSchema = z.object({ color: colorSchema.optional() }).passthrough();

export const createAnalysisResourceSchema = z.object({
  analysisId: uuidRequired,
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Choose a resource type (1–4).' }),
  name: z.string().trim().min(1, REQUIRED).max(200),
  filename: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(255, 'Ensure this field has no more than 255 characters.'),
  metadata: metadataSchema.default({ mimeType: 'application/octet-stream' }),
  attributes: z.record(z.string(), z.unknown()).default({}),
  /** The file's size in bytes: above 32 MB the upload goes in parts (as input data does). */
  size: z.number().int().positive('Must be positive.').optional(),
  ...sourceFields,
});
export const createdAnalysisResourceSchema = analysisResourceSchema.extend({
  writeUrl: z.string(),
  parts: z.object({ partSize: z.number().int(), urls: z.array(z.string()) }).nullable(),
});
/** Spec §3 Analysis: the named numeric results of the Details tab, replaced as a whole. */
export const patchAnalysisSchema = z.object({
  results: z
    .array(
      z.object({
        name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(120),
        value: z.union([finite, z.string().trim().min(1, REQUIRED).max(120)]),
        unit: z.string().trim().max(30).optional(),
      }),
    )
    .max(200),
});
export const patchAttributesSchema = z.object({ attributes: z.record(z.string(), z.unknown()) });
export const analysisListQuerySchema = pageQuerySchema.extend({ study_id: uuidRequired });
export const analysisResourceListQuerySchema = pageQuerySchema.extend({
  analysis_id: uuidSchema.optional(),
  study_id: uuidSchema.optional(),
  type: z.coerce.number().int().min(1).max(4).optional(),
});

/** Spec §3 Landmark type with its config (colour and order). */
export const landmarkTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.number().int(),
  geometryType: z.number().int(),
  viewType: z.number().int(),
  interventionId: z.uuid().nullable(),
  color: z.string(),
  order: z.number().int(),
});
export type LandmarkType = z.infer<typeof landmarkTypeSchema>;
export const landmarkTypeListQuerySchema = pageQuerySchema.extend({ intervention_id: uuidSchema.optional() });

const measured = (description: string) => z.number().optional().describe(description);
/**
 * What the server measures from a landmark's points, by geometry type. A closed outline (area, closed
 * curve) is measured in the least-squares plane of its points and says how far its farthest point
 * lies from that plane, so a shape drawn off-plane is visible rather than silently flattened.
 * Other keys stay numbers, so a landmark measured by an older release keeps what it stored.
 */
export const landmarkMeasurementsSchema = z
  .object({
    distance: measured('Distance (mm).'),
    angle: measured('Angle at the middle point (degrees).'),
    length: measured('Length of an open curve or centerline (mm).'),
    perimeter: measured('Perimeter in the plane (mm).'),
    area: measured('Area enclosed in the plane (mm²).'),
    minDiameter: measured('Smallest caliper width in the plane (mm).'),
    maxDiameter: measured('Largest distance between two points in the plane (mm).'),
    perimeterDerivedDiameter: measured('Perimeter / π (mm).'),
    areaDerivedDiameter: measured('2 √(area / π) (mm).'),
    largestDistanceFromPlane: measured("Largest distance of a point from the outline's least-squares plane (mm)."),
  })
  .catchall(z.number());

/** Spec §3 Landmark; measurements are computed by the server from the points (mm, mm², degrees). */
export const landmarkSchema = z.object({
  id: z.uuid(),
  analysisId: z.uuid(),
  landmarkTypeId: z.uuid().nullable(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  geometryType: z.number().int(),
  viewType: z.number().int(),
  points: z.array(vec3Schema),
  normal: vec3Schema.nullable(),
  centroid: vec3Schema.nullable(),
  resliceRotation: z.array(z.number()).nullable(),
  resliceCenter: vec3Schema.nullable(),
  measurements: landmarkMeasurementsSchema,
  /** Issue 28: the cardiac phase (volume study resource) it was placed on; null for one placed before. */
  phaseId: z.uuid().nullable(),
  phaseLabel: z.string().nullable(),
  color: z.string(),
  sourceClient: z.string(),
  sourceVersion: z.string(),
  isEnabled: z.boolean(),
  isPublished: z.boolean(),
  isVisible: z.boolean(),
  createdById: z.uuid(),
  dateCreated: z.string(),
  dateModified: z.string(),
  /** The caller's rights on it (spec §6), so the UI shows only what the server allows. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPublish: z.boolean(),
});
export type Landmark = z.infer<typeof landmarkSchema>;

const planeFields = {
  normal: vec3Schema.nullable().optional(),
  centroid: vec3Schema.nullable().optional(),
  resliceRotation: z.array(finite).max(16).nullable().optional(),
  resliceCenter: vec3Schema.nullable().optional(),
};
export const createLandmarkSchema = z.object({
  analysisId: uuidRequired,
  /** Null or absent: a custom landmark (created unpublished). */
  landmarkTypeId: uuidSchema.nullable().optional(),
  name: z.string().trim().max(120).optional(),
  description: z.string().max(2000).default(''),
  geometryType: z.number().int().min(0, 'Choose a geometry type (0–6).').max(6, 'Choose a geometry type (0–6).'),
  viewType: z.number().int().min(4, 'Choose a view type (4–6).').max(6, 'Choose a view type (4–6).'),
  points: z.array(vec3Schema).min(1, 'Place at least one point.').max(2000),
  color: colorSchema.nullable().optional(),
  isVisible: z.boolean().default(true),
  /** The cardiac phase it is placed on; absent → the study's default phase. */
  phaseId: uuidSchema.optional(),
  ...planeFields,
  ...sourceFields,
});
export const patchLandmarkSchema = z
  .object({
    name: z.string().trim().min(1, REQUIRED).max(120),
    description: z.string().max(2000),
    points: z.array(vec3Schema).min(1, 'Place at least one point.').max(2000),
    color: colorSchema.nullable(),
    isVisible: z.boolean(),
    viewType: z.number().int().min(4).max(6),
    /** Moves the landmark to another phase of the study (the viewer asks first). */
    phaseId: uuidSchema,
    ...planeFields,
  })
  .partial();
export const landmarkListQuerySchema = pageQuerySchema.extend({ analysis_id: uuidRequired });

/** Spec §3 Visualisation object: how one scene object is drawn. */
export const visualisationObjectSchema = z.object({
  id: z.uuid(),
  visualisationId: z.uuid(),
  studyId: z.uuid(),
  analysisResourceId: z.uuid().nullable(),
  name: z.string(),
  color: z.string(),
  opacity: z.number(),
  maxOpacity: z.number(),
  isVisible: z.boolean(),
  isDoubleSided: z.boolean(),
  isEditable: z.boolean(),
  renderOrder: z.number().int(),
  hasDepthTestEnabled: z.boolean(),
  hasFlatShadingEnabled: z.boolean(),
  isAffectedByLighting: z.boolean(),
  objectOrder: z.number().int(),
});
export type VisualisationObject = z.infer<typeof visualisationObjectSchema>;
const unit = z.number().min(0, 'Between 0 and 1.').max(1, 'Between 0 and 1.');
const visualisationObjectFields = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200),
  color: colorSchema,
  opacity: unit,
  maxOpacity: unit,
  isVisible: z.boolean(),
  isDoubleSided: z.boolean(),
  isEditable: z.boolean(),
  renderOrder: z.number().int().min(-1000).max(1000),
  hasDepthTestEnabled: z.boolean(),
  hasFlatShadingEnabled: z.boolean(),
  isAffectedByLighting: z.boolean(),
  objectOrder: z.number().int().min(0).max(100_000),
});
export const createVisualisationObjectSchema = visualisationObjectFields.partial().extend({
  visualisationId: uuidRequired,
  analysisResourceId: uuidSchema.nullable().optional(),
  name: visualisationObjectFields.shape.name,
});
export const patchVisualisationObjectSchema = visualisationObjectFields.partial();
export const visualisationObjectListQuerySchema = pageQuerySchema.extend({
  visualisation_id: uuidSchema.optional(),
  study_id: uuidSchema.optional(),
});

/** Spec §3 Visualisation. */
export const visualisationSchema = z.object({
  id: z.uuid(),
  studyId: z.uuid(),
  analysisId: z.uuid().nullable(),
  name: z.string(),
  opacity: z.number(),
  order: z.number().int(),
  visualisationObjectIds: z.array(z.uuid()),
});
export type Visualisation = z.infer<typeof visualisationSchema>;
export const createVisualisationSchema = z.object({
  studyId: uuidRequired,
  analysisId: uuidSchema.nullable().optional(),
  name: z.string().trim().max(200).default(''),
  opacity: unit.default(1),
  order: z.number().int().min(0).max(100_000).default(0),
});
// Own fields, not the create schema's: zod applies a default inside .partial(), so a patch naming only the
// name would reset opacity and order.
export const patchVisualisationSchema = z
  .object({ name: z.string().trim().max(200), opacity: unit, order: z.number().int().min(0).max(100_000) })
  .partial();
export const visualisationListQuerySchema = pageQuerySchema.extend({ study_id: uuidRequired });

/** Spec §3 Config: the study's viewer options and comments; visualisationIds are the study's. */
export const viewerOptionsSchema = z.object({
  roiCenter: vec3Schema.nullable().optional(),
  showResults: z.boolean().optional(),
  showImages: z.boolean().optional(),
  showSliders: z.boolean().optional(),
});
export const configSchema = z.object({
  id: z.uuid(),
  studyId: z.uuid(),
  visualisationIds: z.array(z.uuid()),
  options: viewerOptionsSchema,
  comments: z.array(z.object({ author: z.string(), text: z.string(), date: z.string() })),
});
export type Config = z.infer<typeof configSchema>;
export const createConfigSchema = z.object({ studyId: uuidRequired, options: viewerOptionsSchema.default({}) });
export const patchConfigSchema = z
  .object({
    options: viewerOptionsSchema,
    /** Adds one comment by the caller. */
    comment: z.string().trim().min(1, REQUIRED).max(4000),
  })
  .partial();
export const configListQuerySchema = pageQuerySchema.extend({ study_id: uuidSchema.optional() });

/** Spec §3 Study patch (advanced case options, simulations.change_study). */
export const patchStudySchema = z.object({ visualisationIds: z.array(uuidSchema).max(500).optional() });

export const createStudyResourceSchema = z.object({
  studyId: uuidRequired,
  orderId: uuidSchema.nullable().optional(),
  type: z.literal(3, { error: 'Only a PDF report (type 3) can be added here.' }),
  name: z.string().trim().min(1, REQUIRED).max(200),
  filename: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255),
  metadata: metadataSchema.default({ mimeType: 'application/pdf' }),
  ...sourceFields,
});
export const createdStudyResourceSchema = studyResourceSchema.extend({ writeUrl: z.string() });
export const studyResourceAttributesSchema = z.object({
  interpolationType: z.union([z.literal(0), z.literal(1)], { error: 'Choose interpolation type 0 or 1.' }),
});

/** Spec §3 Viewer config as the viewer reads it: everything to draw, resolved in one answer. */
export const viewerConfigSchema = z.object({
  scenes: z.array(
    z.object({
      name: z.string(),
      file: z.object({ readUrl: z.string().nullable() }),
      visualisationIds: z.array(z.uuid()),
    }),
  ),
  visualisations: z.array(
    z.object({
      id: z.uuid(),
      analysisType: z.number().int().nullable(),
      name: z.string(),
      opacity: z.number(),
      objects: z.array(
        visualisationObjectSchema.extend({
          readUrl: z.string().nullable(),
          filename: z.string().nullable(),
          landmarks: z.array(z.uuid()),
          /** Made by the server's surface job, not an analyst: only staff get it (absent: an analyst's). */
          isPreliminary: z.boolean().optional(),
        }),
      ),
    }),
  ),
  options: viewerOptionsSchema,
  comments: configSchema.shape.comments,
  warnings: z.array(z.string()),
  metadata: z.object({ patientIdentifier: z.string().nullable(), caseIdentifier: z.string() }),
  landmarkTypeConfigs: z.array(z.object({ landmarkTypeId: z.uuid(), color: z.string(), order: z.number().int() })),
});
export type ViewerConfig = z.infer<typeof viewerConfigSchema>;

/** A volume as the viewer loads it: geometry, display levels and a signed read URL. */
export const volumeAttributesSchema = z.object({
  spacing: z.array(z.number()),
  dimensions: z.array(z.number().int()),
  origin: z.array(z.number()),
  direction: z.array(z.number()),
  levels: z.object({ windowCenter: z.number(), windowWidth: z.number() }),
  interpolationType: z.number().int(),
  readUrl: z.string().nullable(),
});
export type VolumeAttributes = z.infer<typeof volumeAttributesSchema>;

/** Issue 28: a cardiac phase with what the viewer needs to load its volume. */
export const viewerPhaseSchema = cardiacPhaseSchema.extend({ attributes: volumeAttributesSchema });
export type ViewerPhase = z.infer<typeof viewerPhaseSchema>;

/** Spec §3 Viewer load response, plus the case facts and the caller's viewer rights (spec §6). */
export const viewerLoadSchema = z.object({
  /** The default phase's volume (what older clients load). */
  dicom: z.object({ studyResourceId: z.uuid(), attributes: volumeAttributesSchema }).nullable(),
  /** Every phase in cardiac order (one for a single-phase study; empty before ingest). */
  phases: z.array(viewerPhaseSchema),
  config: viewerConfigSchema,
  study: studySchema,
  case: z.object({ id: z.uuid(), status: z.number().int(), caseIdentifier: z.string(), isResearch: z.boolean() }),
  title: z.string(),
  subtitle: z.string(),
  analyses: z.array(analysisSchema),
  analysisResults: z.array(
    z.object({
      analysisId: z.uuid(),
      name: z.string(),
      value: z.union([z.string(), z.number()]),
      unit: z.string().optional(),
    }),
  ),
  landmarks: z.array(landmarkSchema),
  landmarkTypes: z.array(landmarkTypeSchema),
  warnings: z.array(z.string()),
  isClinical: z.boolean(),
  permissions: z.object({
    canCreateLandmarks: z.boolean(),
    canPublishLandmarks: z.boolean(),
    canSetInterpolation: z.boolean(),
    canSeeContour: z.boolean(),
    canChangeVisualisationObjects: z.boolean(),
    canAddAnalysisResources: z.boolean(),
    /** Adding to the Comments tab (a viewer config change; the rule is canAddComment in packages/domain). */
    canAddComments: z.boolean(),
  }),
  /**
   * Issue 30 §2: the results shown were delivered and later marked obsolete (no delivery stands now):
   * the viewer marks them; absent: not obsolete.
   */
  isObsolete: z.boolean().optional(),
  /**
   * The study's legacy simulation results (architecture.md §13), for those who may see them: staff while
   * working, others once a legacy simulation or redo TAVI order is delivered. Absent or null: none.
   */
  legacyResults: legacyResultsSchema.nullable().optional(),
});
export type ViewerLoad = z.infer<typeof viewerLoadSchema>;
