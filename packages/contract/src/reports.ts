import { z } from 'zod';
import { REQUIRED } from './cases.ts';
import { idParamsSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { cardiacPhaseSchema, studyResourceSchema } from './imaging.ts';
import { defineRoute } from './route.ts';

const tag = 'reports';

/** `?with_simulations=true|false|1|0` (spec §7 report config): include the simulation results. */
export const reportConfigQuerySchema = z.object({
  with_simulations: z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
    .optional()
    .transform((v) => v === undefined || v === 'true' || v === '1'),
});

const measurementLink = z.object({ label: z.string(), value: z.string(), url: z.string() });

/** One row of a sizing table as the report prints it. */
const sizingRowSchema = z.object({
  size: z.string(),
  min: z.number(),
  max: z.number(),
  oversizingPercent: z.number().nullable(),
  fits: z.boolean(),
});

/**
 * What a report is made from (spec §7 "report config by study id"), for the caller: patient details
 * only when the caller may see them (§6). The PDF prints exactly this.
 */
export const reportConfigSchema = z.object({
  studyId: z.uuid(),
  caseId: z.uuid(),
  caseIdentifier: z.string(),
  organisation: z.string(),
  intervention: z.string(),
  devices: z.array(z.object({ id: z.uuid(), name: z.string(), sizes: z.array(z.string()) })),
  analysisVersion: z.number().int(),
  analysisKey: z.string(),
  deliveryDate: z.string().nullable(),
  isClinical: z.boolean(),
  degradationRemarks: z.array(z.string()),
  patient: z.object({ identifier: z.string(), age: z.number().int(), sex: z.enum(['F', 'M']) }).nullable(),
  /** Issue 28: the study's cardiac phases (one, 'Single phase', when not gated). */
  phases: z.array(cardiacPhaseSchema),
  landmarks: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      url: z.string(),
      measurements: z.array(measurementLink),
      /** The cardiac phase it was measured on; null: not recorded (placed before phases, on a gated study). */
      phaseLabel: z.string().nullable(),
    }),
  ),
  sizing: z.array(
    z.object({
      deviceId: z.uuid(),
      deviceName: z.string(),
      landmarkId: z.uuid().nullable(),
      landmarkName: z.string(),
      measure: z.string(),
      measured: z.number().nullable(),
      /** How the oversizing column is computed: area, perimeter or diameter (packages/domain sizing). */
      oversizingBasis: z.enum(['area', 'perimeter', 'diameter']),
      /** How far the chart's ranges were checked against published text. */
      rangesConfirmed: z.enum(['confirmed', 'partly', 'unconfirmed']),
      fit: z.string(),
      fittingSizes: z.array(z.string()),
      rows: z.array(sizingRowSchema),
    }),
  ),
  results: z.array(
    z.object({ name: z.string(), value: z.union([z.string(), z.number()]), unit: z.string().optional() }),
  ),
  figureCaptions: z.array(z.string()),
  /** The figures with the cardiac phase each shows (figureCaptions is kept for older clients). */
  figures: z.array(z.object({ caption: z.string(), phaseLabel: z.string().nullable() })),
  analystComment: z.string(),
  studyInstanceUid: z.string().nullable(),
  withSimulations: z.boolean(),
  /**
   * Issue 30 §2: every delivery reported was marked obsolete and no newer one is under way; the PDF is
   * watermarked "Obsolete". Absent: not obsolete.
   */
  isObsolete: z.boolean().optional(),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;

export const generateReportSchema = z.object({
  studyId: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
});

/**
 * The study's report for the caller (spec §4 report generation): `generating` while a report job is
 * queued or running (with its progress), the last generation's error, and the newest report of the
 * current analysis version at the caller's level of patient detail.
 */
export const reportStatusSchema = z.object({
  studyId: z.uuid(),
  generating: z.boolean(),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  analysisVersion: z.number().int(),
  report: studyResourceSchema.nullable(),
  /** An older version exists: the current one is generated on demand or after a delivery change. */
  isOutdated: z.boolean(),
  canGenerate: z.boolean(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/**
 * What a "Generate report" did (issue 30 §6): queued a job, found one under way, or found the reports
 * of the current analysis version there already (nothing changed since they were generated).
 */
export const REPORT_GENERATE_OUTCOMES = ['queued', 'already-generating', 'up-to-date'] as const;
export type ReportGenerateOutcome = (typeof REPORT_GENERATE_OUTCOMES)[number];

/** The answer to POST study-report/: the report's status and what the request did. */
export const reportGenerateAnswerSchema = reportStatusSchema.extend({
  outcome: z.enum(REPORT_GENERATE_OUTCOMES),
});
export type ReportGenerateAnswer = z.infer<typeof reportGenerateAnswerSchema>;

/** Spec §7: report config by study id; `study-report/` generates and serves the PDF. */
export const reportRoutes = {
  getReportConfig: defineRoute({
    method: 'GET',
    path: '/api/studies/:id/report-config/',
    summary: "What the study's PDF report is made from, for the caller (query with_simulations)",
    tag,
    auth: true,
    params: idParamsSchema,
    query: reportConfigQuerySchema,
    responses: { 200: reportConfigSchema, ...errorResponses },
  }),
  generateStudyReport: defineRoute({
    method: 'POST',
    path: '/api/study-report/',
    summary: 'Generate the PDF report of the delivered analysis (a job); idempotent per analysis version',
    tag,
    auth: true,
    body: generateReportSchema,
    responses: { 202: reportGenerateAnswerSchema, ...errorResponses },
  }),
  getStudyReport: defineRoute({
    method: 'GET',
    path: '/api/study-report/:id/',
    summary: "The study's report for the caller, by study id: generating flag, progress, error, the PDF",
    tag,
    auth: true,
    params: idParamsSchema,
    responses: { 200: reportStatusSchema, ...errorResponses },
  }),
};
