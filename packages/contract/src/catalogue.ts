import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { MAX_PAGE_SIZE, pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

export const interventionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  /** How many sizes (variants) one order may name. */
  variantLimit: z.number().int(),
  trainingRequired: z.boolean(),
  deviceIds: z.array(z.uuid()),
});
export type Intervention = z.infer<typeof interventionSchema>;

export const deviceVariantSchema = z.object({ id: z.uuid(), name: z.string(), deviceId: z.uuid() });
export type DeviceVariant = z.infer<typeof deviceVariantSchema>;

/**
 * A device with the services its organisation may order for it (spec §3 "Device": services with
 * isClinical). `services` is empty when the organisation holds no licence for the device.
 */
export const deviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  manufacturer: z.string(),
  interventionId: z.uuid(),
  variants: z.array(deviceVariantSchema),
  services: z.array(z.object({ service: z.number().int(), isClinical: z.boolean() })),
});
export type Device = z.infer<typeof deviceSchema>;

export const reasonSchema = z.object({ id: z.uuid(), name: z.string() });

/** Catalogue lists are short: a page of up to 100 holds any of them. */
const catalogueQuery = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

export const catalogueRoutes = {
  interventions: defineRoute({
    method: 'GET',
    path: '/api/interventions/',
    summary: 'Interventions (TAVI, LAAO, TMVR, TPVR, TTVR, NV) with their device ids',
    tag: 'catalogue',
    auth: true,
    query: catalogueQuery,
    responses: { 200: paginated(interventionSchema), ...errorResponses },
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/api/devices/',
    summary: "Devices with their sizes and the services the organisation's licences allow",
    tag: 'catalogue',
    auth: true,
    query: catalogueQuery.extend({
      intervention_id: uuidSchema.optional(),
      /** Whose licences decide `services`; the user's primary organisation when absent. */
      organisation_id: uuidSchema.optional(),
    }),
    responses: { 200: paginated(deviceSchema), ...errorResponses },
  }),
  deviceVariants: defineRoute({
    method: 'GET',
    path: '/api/device-variants/',
    summary: 'Device sizes, sorted by their numeric name',
    tag: 'catalogue',
    auth: true,
    query: catalogueQuery.extend({ device_id: uuidSchema.optional() }),
    responses: { 200: paginated(deviceVariantSchema), ...errorResponses },
  }),
  rejectionReasons: defineRoute({
    method: 'GET',
    path: '/api/rejection-reasons/',
    summary: 'Reasons an analyst may give when rejecting a case',
    tag: 'catalogue',
    auth: true,
    query: catalogueQuery,
    responses: { 200: paginated(reasonSchema), ...errorResponses },
  }),
  degradationReasons: defineRoute({
    method: 'GET',
    path: '/api/degradation-reasons/',
    summary: 'Reasons a result is marked non-clinical',
    tag: 'catalogue',
    auth: true,
    query: catalogueQuery,
    responses: { 200: paginated(reasonSchema), ...errorResponses },
  }),
  bizDatetimeIn: defineRoute({
    method: 'GET',
    path: '/api/biz-datetime-in/',
    summary: 'The date and time N business days from now (1 for LAAO, 2 otherwise)',
    tag: 'catalogue',
    auth: true,
    query: z.object({
      offset: z.coerce
        .number({ error: 'A whole number of business days is required.' })
        .int('A whole number of business days is required.')
        .min(0, 'Ensure this value is greater than or equal to 0.')
        .max(30, 'Ensure this value is less than or equal to 30.'),
    }),
    responses: { 200: z.object({ date: z.string() }), ...errorResponses },
  }),
} as const;
