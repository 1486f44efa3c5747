import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

const REQUIRED = 'This field is required';
const uuidRequired = z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') });

/** Spec §3 Order: service, status, devices and sizes, clinical or not, its degradation and delivery. */
export const orderSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  service: z.number().int(),
  status: z.number().int(),
  deviceIds: z.array(z.uuid()),
  deviceVariantIds: z.array(z.uuid()),
  isInitial: z.boolean(),
  isClinical: z.boolean(),
  degradation: z.object({ id: z.uuid(), reasonId: z.uuid().nullable(), remark: z.string() }).nullable(),
  delivery: z.object({ id: z.uuid(), isObsoleted: z.boolean(), dateCreated: z.string() }).nullable(),
  dateCreated: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

const deviceIdsSchema = z
  .array(uuidSchema, { error: (i) => (i.input == null ? REQUIRED : 'Expected a list of device ids.') })
  .min(1, REQUIRED)
  .max(10);
const deviceVariantIdsSchema = z.array(uuidSchema).max(10).default([]);

/** One analysis in a new case (spec §7 create payload `orders`). */
export const orderInputSchema = z.object({
  service: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
    error: (i) =>
      i.input == null
        ? REQUIRED
        : 'Choose anatomical analysis (0), simulation (1), legacy simulation (2) or redo TAVI (3).',
  }),
  deviceIds: deviceIdsSchema,
  deviceVariantIds: deviceVariantIdsSchema,
});
export type OrderInput = z.input<typeof orderInputSchema>;

export const createOrderSchema = orderInputSchema.extend({
  caseId: uuidRequired,
  isInitial: z.boolean().default(false),
});

export const changeRequestedDeviceSchema = z.object({
  deviceIds: z
    .array(uuidSchema, { error: () => 'Choose at least one device' })
    .min(1, 'Choose at least one device')
    .max(10),
  deviceVariantIds: deviceVariantIdsSchema,
});

export const degradationSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  reasonId: z.uuid().nullable(),
  remark: z.string(),
  dateCreated: z.string(),
});
export const createDegradationSchema = z.object({
  orderId: uuidRequired,
  reasonId: uuidSchema.nullable().optional(),
  remark: z.string().trim().min(1, REQUIRED).max(2000),
});

export const deliverySchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  isObsoleted: z.boolean(),
  dateCreated: z.string(),
});
export const createDeliverySchema = z.object({
  orderId: uuidRequired,
  /** The analysis whose results this delivery hands over (issue 17 §1 "choose the analysis to deliver"). */
  analysisId: uuidSchema.optional(),
});

export const orderRoutes = {
  createOrder: defineRoute({
    method: 'POST',
    path: '/api/orders/',
    summary: 'Order another analysis (e.g. a simulation) on an existing case',
    tag: 'orders',
    auth: true,
    body: createOrderSchema,
    responses: { 201: orderSchema, ...errorResponses },
  }),
  duplicateOrder: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/duplicate/',
    summary: 'Order the same analysis again (same service, devices and sizes)',
    tag: 'orders',
    auth: true,
    params: idParamsSchema,
    body: z.object({}).nullish(),
    responses: { 201: orderSchema, ...errorResponses },
  }),
  changeRequestedDevice: defineRoute({
    method: 'PUT',
    path: '/api/orders/:id/change-requested-device/',
    summary: 'Change the devices of an order in progress',
    tag: 'orders',
    auth: true,
    params: idParamsSchema,
    body: changeRequestedDeviceSchema,
    responses: { 200: orderSchema, ...errorResponses },
  }),
  createDegradation: defineRoute({
    method: 'POST',
    path: '/api/degradations/',
    summary: 'Mark the results of an order non-clinical, with a remark',
    tag: 'orders',
    auth: true,
    body: createDegradationSchema,
    responses: { 201: degradationSchema, ...errorResponses },
  }),
  createDelivery: defineRoute({
    method: 'POST',
    path: '/api/deliveries/',
    summary: 'Deliver an order (the case completes when its last open order is delivered)',
    tag: 'orders',
    auth: true,
    body: createDeliverySchema,
    responses: { 201: deliverySchema, ...errorResponses },
  }),
  deleteDelivery: defineRoute({
    method: 'DELETE',
    path: '/api/deliveries/:id/',
    summary: 'Take a delivery back (research cases only)',
    tag: 'orders',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  obsoleteDelivery: defineRoute({
    method: 'PUT',
    path: '/api/deliveries/:id/obsolete/',
    summary: 'Mark a delivery obsolete (superseded by a newer one)',
    tag: 'orders',
    auth: true,
    params: idParamsSchema,
    body: z.object({}).nullish(),
    responses: { 200: deliverySchema, ...errorResponses },
  }),
} as const;
