import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

export const auditEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  organisationId: z.uuid().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditRoutes = {
  auditEvents: defineRoute({
    method: 'GET',
    path: '/api/audit-events/',
    summary: 'The audit trail, newest first; for administrators who may edit users and organisations',
    tag: 'audit',
    auth: true,
    query: pageQuerySchema.extend({
      actor_id: uuidSchema.optional(),
      organisation_id: uuidSchema.optional(),
      action: z.string().trim().max(64).optional(),
      target_type: z.string().trim().max(64).optional(),
      target_id: z.string().trim().max(200).optional(),
      /** Events about one case (target_type case). */
      case_id: uuidSchema.optional(),
      /** ISO 8601 instants bounding `at`. */
      since: z.iso.datetime({ offset: true, error: 'Enter a date and time with offset (ISO 8601).' }).optional(),
      until: z.iso.datetime({ offset: true, error: 'Enter a date and time with offset (ISO 8601).' }).optional(),
    }),
    responses: { 200: paginated(auditEventSchema), ...errorResponses },
  }),
} as const;
