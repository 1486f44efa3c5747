import { z } from 'zod';
import { defineRoute } from './route.ts';

/** Liveness: the process answers. Its dependencies are readiness's business (`readinessSchema`). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

/** One dependency as the readiness check saw it: answered, failed, or did not answer in time. */
export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'timeout']),
  /** How long the probe took (or how long it was given, on a timeout). */
  ms: z.number().int().nonnegative(),
});

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: readinessCheckSchema, storage: readinessCheckSchema }),
  version: z.string(),
});

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health/',
    summary: 'Liveness: 200 whenever the process runs; asks nothing of the database or storage (readiness does)',
    tag: 'platform',
    auth: false,
    responses: { 200: healthSchema },
  }),
  healthReady: defineRoute({
    method: 'GET',
    path: '/api/health/ready/',
    summary: 'Readiness: 200 when the database answers and storage takes a write, else 503 naming which',
    tag: 'platform',
    auth: false,
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
} as const;
