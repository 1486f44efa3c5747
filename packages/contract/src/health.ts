import { z } from 'zod';
import { defineRoute } from './route.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  storage: z.enum(['ok', 'not_writable']),
  version: z.string(),
});

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health/',
    summary: 'Liveness and readiness: database reachable, storage writable',
    tag: 'platform',
    auth: false,
    responses: { 200: healthSchema, 503: healthSchema },
  }),
} as const;
