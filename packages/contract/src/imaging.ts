import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { detailErrorSchema, errorResponses } from './errors.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

const REQUIRED = 'This field is required';
const uuidRequired = z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') });

/** The largest upload accepted: a cardiac CT zip is typically 0.2–1.5 GB. */
export const MAX_UPLOAD_BYTES = 4 * 1024 ** 3;
/** Uploads larger than this go up in parts, each retried alone on failure. */
export const MULTIPART_THRESHOLD_BYTES = 32 * 1024 ** 2;
export const UPLOAD_PART_BYTES = 16 * 1024 ** 2;

/** Processing state of an upload, beside the spec's uploadSuccessful. */
export const InputDataStatus = {
  AWAITING_UPLOAD: 0,
  UPLOADED: 1,
  PROCESSING: 2,
  PROCESSED: 3,
  INVALID: 4,
  FAILED: 5,
} as const;
export type InputDataStatus = (typeof InputDataStatus)[keyof typeof InputDataStatus];

/** Spec §3 Job: "termination sets 4". */
export const JobStatus = { QUEUED: 0, RUNNING: 1, COMPLETED: 2, FAILED: 3, TERMINATED: 4 } as const;
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  0: 'Queued',
  1: 'Running',
  2: 'Completed',
  3: 'Failed',
  4: 'Terminated',
};

/** Spec §3 Study resource types. */
export const StudyResourceType = { UNDEFINED: 0, PSEUDONYMIZED_DICOM: 1, DICOM_VOLUME: 2, PDF_REPORT: 3 } as const;
export type StudyResourceType = (typeof StudyResourceType)[keyof typeof StudyResourceType];

const metadataSchema = z.object({ mimeType: z.string().max(200) });

/** One series found in an upload, as staff choose between them (identifiers already pseudonymised). */
export const seriesCandidateSchema = z.object({
  key: z.string(),
  description: z.string(),
  sliceCount: z.number().int(),
  rows: z.number().int(),
  columns: z.number().int(),
  spacing: z.array(z.number()).nullable(),
  orientation: z.string(),
  isContrastEnhanced: z.boolean(),
  isChosen: z.boolean(),
  /** Why it was not chosen or cannot be used, when so. */
  note: z.string().nullable(),
  /**
   * Its largest gap between neighbouring slices in words, when above the limit (more than twice the
   * typical spacing and 3 mm): processing it needs `acknowledgeGaps`.
   */
  gap: z.string().nullable(),
});
export type SeriesCandidate = z.infer<typeof seriesCandidateSchema>;

/** Spec §3 Input data, plus its processing state. */
export const inputDataSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  name: z.string(),
  filename: z.string(),
  metadata: metadataSchema,
  sourceVersion: z.string(),
  sourceClient: z.string(),
  dateCreated: z.string(),
  size: z.number().int().nullable(),
  uploadSuccessful: z.boolean(),
  status: z.number().int(),
  /** Why nothing usable was found, for the clinician (case status 5). */
  reasons: z.array(z.string()),
  warnings: z.array(z.string()),
  series: z.array(seriesCandidateSchema),
  /**
   * Signed and short-lived: members of the case's organisation with the download permission get the
   * upload as sent (it holds the patient's identity); anyone else with it (staff) gets the pseudonymised
   * copy the processing made, once it exists. Null otherwise.
   */
  readUrl: z.string().nullable(),
  /** Which file readUrl downloads; null when there is none. */
  readUrlFile: z.enum(['original', 'pseudonymised']).nullable(),
  /** Whether the caller (staff) may process it again, e.g. with another series. */
  canReprocess: z.boolean(),
});
export type InputData = z.infer<typeof inputDataSchema>;

export const createInputDataSchema = z.object({
  caseId: uuidRequired,
  name: z.string().trim().min(1, REQUIRED).max(200).default('Patient Images'),
  filename: z
    .string({ error: (i) => (i.input == null ? REQUIRED : 'Enter the file name as text.') })
    .trim()
    .min(1, REQUIRED)
    .max(255, 'Ensure this field has no more than 255 characters.'),
  metadata: metadataSchema.default({ mimeType: 'application/zip' }),
  sourceVersion: z.string().max(50).default(''),
  sourceClient: z.string().max(50).default(''),
  /** Bytes the browser is about to send: large files get part URLs. */
  size: z
    .number()
    .int('Enter the size in bytes.')
    .min(0)
    .max(MAX_UPLOAD_BYTES, `The file is too large: at most ${MAX_UPLOAD_BYTES / 1024 ** 3} GB can be uploaded.`)
    .optional(),
});

export const createdInputDataSchema = inputDataSchema.extend({
  writeUrl: z.string(),
  /** Present for large files: PUT part i to urls[i-1] (partSize bytes each, the last shorter), then confirm. */
  parts: z.object({ partSize: z.number().int(), urls: z.array(z.string()) }).nullable(),
});

export const confirmUploadSchema = inputDataSchema;

export const reingestSchema = z.object({
  /** A candidate's key from `series`; omitted: the automatic choice. */
  seriesKey: z.string().max(200).nullable().optional(),
  /**
   * Staff accept the series' gap (its `gap`) and want it processed all the same, with the slices in the
   * gap interpolated; recorded in the audit trail and the job log. Without it a gapped series is invalid.
   */
  acknowledgeGaps: z.boolean({ error: 'Must be true or false.' }).optional(),
});

export const inputDataListQuerySchema = pageQuerySchema.extend({ case_id: uuidRequired });
export const downloadQuerySchema = z.object({
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * Issue 28: one cardiac phase of an ECG-gated acquisition, each its own volume (study resource type 2).
 * A study ingested before gating was understood, or of a non-gated series, has one: 'Single phase'.
 */
export const cardiacPhaseSchema = z.object({
  /** The phase's volume study resource id. */
  id: z.uuid(),
  /** '40 %', '350 ms', 'Phase 3' or 'Single phase'. */
  label: z.string(),
  /** Nominal percentage of the R-R interval, when the scanner says it. */
  percent: z.number().nullable(),
  /** Trigger time after the R wave (ms), when the scanner says it. */
  triggerTimeMs: z.number().nullable(),
  sliceCount: z.number().int(),
  /** The phase the viewer opens, the preliminary model is built from and measurements default to. */
  isDefault: z.boolean(),
});
export type CardiacPhase = z.infer<typeof cardiacPhaseSchema>;

/** Spec §3 Study. */
export const studySchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  caseIdentifier: z.string(),
  dicomVolumeId: z.uuid().nullable(),
  pdfReportId: z.uuid().nullable(),
  hasPdfReport: z.boolean(),
  analysisIds: z.array(z.uuid()),
  resourceIds: z.array(z.uuid()),
  visualisationIds: z.array(z.uuid()),
  dateCreated: z.string(),
  /** Cardiac order; one entry for a single-phase study; empty before ingest. dicomVolumeId is the default's. */
  phases: z.array(cardiacPhaseSchema),
  /** The stored legacy simulation config (PATCH studies/{id}/legacy-config/), a study resource; absent: none. */
  legacyConfigId: z.uuid().nullable().optional(),
});
export type Study = z.infer<typeof studySchema>;

/** Spec §3 Study resource; attributes carry the volume's geometry for type 2. */
export const studyResourceSchema = z.object({
  id: z.uuid(),
  studyId: z.uuid(),
  name: z.string(),
  filename: z.string(),
  type: z.number().int(),
  metadata: metadataSchema,
  size: z.number().int().nullable(),
  attributes: z
    .object({
      interpolationType: z.number().int().optional(),
      dimensions: z.array(z.number().int()).optional(),
      spacing: z.array(z.number()).optional(),
      origin: z.array(z.number()).optional(),
      direction: z.array(z.number()).optional(),
      levels: z.object({ windowCenter: z.number(), windowWidth: z.number() }).optional(),
      sliceCount: z.number().int().optional(),
    })
    .passthrough(),
  sourceVersion: z.string(),
  sourceClient: z.string(),
  dateCreated: z.string(),
  readUrl: z.string().nullable(),
});
export type StudyResource = z.infer<typeof studyResourceSchema>;

export const studyResourceListQuerySchema = pageQuerySchema.extend({ study_id: uuidRequired });
export const defaultPhaseSchema = z.object({ phaseId: uuidRequired });

export const studyListQuerySchema = pageQuerySchema.extend({ case_id: uuidSchema.optional() });

export const jobTypeSchema = z.object({ id: z.uuid(), name: z.string(), description: z.string(), queueId: z.uuid() });
export const queueSchema = z.object({ id: z.uuid(), name: z.string(), description: z.string() });

/** Spec §3 Job: type, queue, status, timings, log, and a summary of its outcome. */
export const jobSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  inputDataId: z.uuid().nullable(),
  jobType: z.object({ id: z.uuid(), name: z.string() }),
  queue: z.object({ id: z.uuid(), name: z.string() }),
  status: z.number().int(),
  attempts: z.number().int(),
  dateCreated: z.string(),
  dateStarted: z.string().nullable(),
  dateFinished: z.string().nullable(),
  /** The engineering log, for staff (domain maySeeJobLog); empty for anyone else, who reads the summary. */
  log: z.array(z.object({ at: z.string(), message: z.string() })),
  summary: z.object({
    filesTotal: z.number().int(),
    filesUsed: z.number().int(),
    filesSetAside: z.number().int(),
    outcome: z.string().nullable(),
    reasons: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  canTerminate: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;

/** One line of a job's per-file report. */
export const jobResourceSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  path: z.string(),
  bytes: z.number().int(),
  outcome: z.enum(['used', 'set-aside', 'candidate']),
  code: z.string().nullable(),
  reason: z.string().nullable(),
  seriesKey: z.string().nullable(),
});
export type JobResource = z.infer<typeof jobResourceSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({ case_id: uuidRequired });
export const jobResourceListQuerySchema = pageQuerySchema.extend({
  job_id: uuidRequired,
  outcome: z.enum(['used', 'set-aside', 'candidate']).optional(),
  /** true: the whole report as a CSV attachment instead of a page. */
  download: downloadQuerySchema.shape.download,
});

export const patchJobSchema = z.object({
  status: z.literal(JobStatus.TERMINATED, { error: 'Only terminating a job (status 4) is allowed.' }),
});

const tag = 'imaging';
export const imagingRoutes = {
  createInputData: defineRoute({
    method: 'POST',
    path: '/api/input-data/',
    summary: 'Register an upload for a case; answers signed URLs to PUT the file to',
    tag,
    auth: true,
    body: createInputDataSchema,
    // 413: the case's uploads would reserve more than UPLOAD_BYTES_PER_CASE.
    responses: { 201: createdInputDataSchema, ...errorResponses, 413: detailErrorSchema },
  }),
  listInputData: defineRoute({
    method: 'GET',
    path: '/api/input-data/',
    summary: "A case's uploads",
    tag,
    auth: true,
    query: inputDataListQuerySchema,
    responses: { 200: paginated(inputDataSchema), ...errorResponses },
  }),
  getInputData: defineRoute({
    method: 'GET',
    path: '/api/input-data/:id/',
    summary: 'One upload; download=true answers its readUrl or why not (staff get the pseudonymised copy)',
    tag,
    auth: true,
    params: idParamsSchema,
    query: downloadQuerySchema,
    responses: { 200: inputDataSchema, ...errorResponses },
  }),
  caseDicom: defineRoute({
    method: 'GET',
    path: '/api/case-dicom/:id/',
    summary:
      "By case id: the case's newest arrived upload as a download (the input-data download rules; staff get the pseudonymised copy)",
    tag,
    auth: true,
    params: idParamsSchema,
    responses: { 200: inputDataSchema, ...errorResponses },
  }),
  confirmUpload: defineRoute({
    method: 'GET',
    path: '/api/input-data/:id/confirm-upload/',
    summary: 'Check the uploaded object, mark the upload successful and start processing it',
    tag,
    auth: true,
    params: idParamsSchema,
    responses: { 200: confirmUploadSchema, ...errorResponses },
  }),
  reingestInputData: defineRoute({
    method: 'POST',
    path: '/api/input-data/:id/ingest/',
    summary: 'Staff: process the upload again, optionally with another series',
    tag,
    auth: true,
    params: idParamsSchema,
    body: reingestSchema,
    responses: { 202: jobSchema, ...errorResponses },
  }),
  listStudies: defineRoute({
    method: 'GET',
    path: '/api/studies/',
    summary: 'Studies the caller may see, optionally of one case',
    tag,
    auth: true,
    query: studyListQuerySchema,
    responses: { 200: paginated(studySchema), ...errorResponses },
  }),
  getStudy: defineRoute({
    method: 'GET',
    path: '/api/studies/:id/',
    summary: 'One study',
    tag,
    auth: true,
    params: idParamsSchema,
    responses: { 200: studySchema, ...errorResponses },
  }),
  setDefaultPhase: defineRoute({
    method: 'PATCH',
    path: '/api/studies/:id/default-phase/',
    summary: "Staff: choose the study's default cardiac phase (simulations.change_study; audited)",
    tag,
    auth: true,
    params: idParamsSchema,
    body: defaultPhaseSchema,
    responses: { 200: studySchema, ...errorResponses },
  }),
  listStudyResources: defineRoute({
    method: 'GET',
    path: '/api/study-resources/',
    summary: "A study's resources (pseudonymised DICOM, volume, report)",
    tag,
    auth: true,
    query: studyResourceListQuerySchema,
    responses: { 200: paginated(studyResourceSchema), ...errorResponses },
  }),
  getStudyResource: defineRoute({
    method: 'GET',
    path: '/api/study-resources/:id/',
    summary: 'One study resource with a signed readUrl',
    tag,
    auth: true,
    params: idParamsSchema,
    query: downloadQuerySchema,
    responses: { 200: studyResourceSchema, ...errorResponses },
  }),
  listJobs: defineRoute({
    method: 'GET',
    path: '/api/jobs/',
    summary: "A case's jobs, newest first",
    tag,
    auth: true,
    query: jobListQuerySchema,
    responses: { 200: paginated(jobSchema), ...errorResponses },
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/api/jobs/:id/',
    summary: 'One job',
    tag,
    auth: true,
    params: idParamsSchema,
    responses: { 200: jobSchema, ...errorResponses },
  }),
  terminateJob: defineRoute({
    method: 'POST',
    path: '/api/jobs/:id/terminate/',
    summary: 'Terminate a queued or running job (status 4)',
    tag,
    auth: true,
    params: idParamsSchema,
    body: z.object({}).nullish(),
    responses: { 200: jobSchema, ...errorResponses },
  }),
  patchJob: defineRoute({
    method: 'PATCH',
    path: '/api/jobs/:id/',
    summary: 'Terminate a job by patching its status to 4',
    tag,
    auth: true,
    params: idParamsSchema,
    body: patchJobSchema,
    responses: { 200: jobSchema, ...errorResponses },
  }),
  listJobResources: defineRoute({
    method: 'GET',
    path: '/api/job-resources/',
    summary: "A job's per-file report (download=true: all of it as CSV)",
    tag,
    auth: true,
    query: jobResourceListQuerySchema,
    responses: { 200: paginated(jobResourceSchema), ...errorResponses },
  }),
  listJobTypes: defineRoute({
    method: 'GET',
    path: '/api/job-types/',
    summary: 'Kinds of jobs',
    tag,
    auth: true,
    query: pageQuerySchema,
    responses: { 200: paginated(jobTypeSchema), ...errorResponses },
  }),
  listQueues: defineRoute({
    method: 'GET',
    path: '/api/queues/',
    summary: 'Job queues',
    tag,
    auth: true,
    query: pageQuerySchema,
    responses: { 200: paginated(queueSchema), ...errorResponses },
  }),
} as const;
