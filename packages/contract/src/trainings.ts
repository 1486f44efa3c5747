import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

/** Spec §3 Training: interventionId, region, userFollowedTraining. */
export const trainingSchema = z.object({
  id: z.uuid(),
  interventionId: z.uuid(),
  interventionPrefix: z.string(),
  interventionName: z.string(),
  title: z.string(),
  /** The region it applies to, or null for all regions. */
  region: z.string().nullable(),
  trainingRequired: z.boolean(),
  userFollowedTraining: z.boolean(),
});
export type Training = z.infer<typeof trainingSchema>;

export const trainingRoutes = {
  trainings: defineRoute({
    method: 'GET',
    path: '/api/trainings/',
    summary: "Trainings of the user's region, with whether the user followed each",
    tag: 'trainings',
    auth: true,
    responses: { 200: paginated(trainingSchema), ...errorResponses },
  }),
  completeTraining: defineRoute({
    method: 'POST',
    path: '/api/trainings/:trainingId/',
    summary: 'Record that the signed-in user completed a training',
    tag: 'trainings',
    auth: true,
    params: z.object({ trainingId: uuidSchema }),
    responses: { 201: trainingSchema, ...errorResponses },
  }),
} as const;

/** Spec §3 Training record: who completed which training when. */
export const trainingRecordSchema = z.object({
  trainingId: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
  interventionPrefix: z.string(),
  interventionName: z.string(),
  region: z.string().nullable(),
  dateCompleted: z.string(),
});
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

export const trainingRecordsQuerySchema = pageQuerySchema.extend({
  /** Whose records; the caller's own when absent. Another user's need the user-administration permissions. */
  user_id: uuidSchema.optional(),
});

export const trainingRecordRoutes = {
  trainingRecords: defineRoute({
    method: 'GET',
    path: '/api/training-records/',
    summary: "A user's completed trainings, newest first",
    tag: 'trainings',
    auth: true,
    query: trainingRecordsQuerySchema,
    responses: { 200: paginated(trainingRecordSchema), ...errorResponses },
  }),
} as const;
