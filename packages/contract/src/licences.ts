import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

const REQUIRED = 'This field is required';
const uuidRequired = z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') });

/** Spec §5 "Licences": the anatomical service is always licensed, simulation optionally. */
export const ANATOMICAL_REQUIRED_MESSAGE = 'The anatomical analysis service must be enabled.';
/** Spec §5 "Licences": a trial licence limit must be greater than 0. */
export const TRIAL_LIMIT_MESSAGE = 'It should allow for at least one case';
/** Spec §9: default trial licence limit. */
export const DEFAULT_TRIAL_LIMIT = 3;

/** One licensed service of a device, clinical or not (spec §3 "Device access"). */
export const serviceGrantSchema = z.object({
  service: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
    error: (i) =>
      i.input == null
        ? REQUIRED
        : 'Choose anatomical analysis (0), simulation (1), legacy simulation (2) or redo TAVI (3).',
  }),
  isClinical: z.boolean({ error: REQUIRED }),
});
export type ServiceGrant = z.infer<typeof serviceGrantSchema>;

const servicesInput = z
  .array(serviceGrantSchema, { error: (i) => (i.input == null ? REQUIRED : 'Expected a list of services.') })
  .max(2)
  .refine((list) => list.some((s) => s.service === 0), ANATOMICAL_REQUIRED_MESSAGE)
  .refine((list) => new Set(list.map((s) => s.service)).size === list.length, 'Each service may be listed once.');

const trialLimit = z
  .number({ error: (i) => (i.input == null ? REQUIRED : 'A valid integer is required.') })
  .int('A valid integer is required.')
  .min(1, TRIAL_LIMIT_MESSAGE)
  .max(100000);

/** A device an organisation holds a licence for, directly, under a trial or through a template. */
export const licensedDeviceSchema = z.object({
  /** The device access of its anatomical service: the id DELETE licensed-devices/{id} takes. */
  id: z.uuid(),
  organisationId: z.uuid(),
  deviceId: z.uuid(),
  deviceName: z.string(),
  interventionPrefix: z.string(),
  trialId: z.uuid().nullable(),
  deviceAccessGroupId: z.uuid().nullable(),
  services: z.array(serviceGrantSchema),
});
export type LicensedDevice = z.infer<typeof licensedDeviceSchema>;

export const templateDeviceSchema = z.object({
  id: z.uuid(),
  deviceAccessGroupId: z.uuid(),
  deviceId: z.uuid(),
  deviceName: z.string(),
  interventionPrefix: z.string(),
  services: z.array(serviceGrantSchema),
});
export type TemplateDevice = z.infer<typeof templateDeviceSchema>;

/** Spec §3 "License template (device access group)": name, devices. */
export const deviceAccessGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  devices: z.array(templateDeviceSchema),
  /** Whether the organisation asked about (organisation_id) subscribes to it; false without one. */
  isSubscribed: z.boolean(),
});
export type DeviceAccessGroup = z.infer<typeof deviceAccessGroupSchema>;

/** Spec §3 "Trial license": id, limit, numberOfCases, dates. */
export const trialLicenseSchema = z.object({
  id: z.uuid(),
  organisationId: z.uuid(),
  limit: z.number().int(),
  numberOfCases: z.number().int(),
  dateCreated: z.string(),
});
export type TrialLicense = z.infer<typeof trialLicenseSchema>;

export const organisationQuerySchema = z.object({ organisation_id: uuidSchema.optional() });

const templateName = z
  .string({ error: (i) => (i.input == null ? REQUIRED : 'Not a valid string.') })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(255, 'Ensure this field has no more than 255 characters.');

export const deviceAccessGroupInputSchema = z.object({ name: templateName });
export const subscriptionInputSchema = z.object({ organisationId: uuidRequired });
export const templateDeviceInputSchema = z.object({
  deviceAccessGroupId: uuidRequired,
  deviceId: uuidRequired,
  services: servicesInput,
});
export const licensedDeviceInputSchema = z.object({
  organisationId: uuidRequired,
  deviceId: uuidRequired,
  /** Under this trial licence of the organisation; none for a permanent licence. */
  trialId: uuidSchema.nullish(),
  services: servicesInput,
});
export const trialLicenseInputSchema = z.object({
  organisationId: uuidRequired,
  limit: trialLimit.default(DEFAULT_TRIAL_LIMIT),
});
export const trialLicensePatchSchema = z.object({ limit: trialLimit });

const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

export const licenceRoutes = {
  deviceAccessGroups: defineRoute({
    method: 'GET',
    path: '/api/device-access-groups/',
    summary: 'Licence templates, each with whether the given organisation subscribes to it',
    tag: 'licences',
    auth: true,
    query: organisationQuerySchema,
    responses: { 200: list(deviceAccessGroupSchema), ...errorResponses },
  }),
  createDeviceAccessGroup: defineRoute({
    method: 'POST',
    path: '/api/device-access-groups/',
    summary: 'Add a licence template (licenses.add_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    body: deviceAccessGroupInputSchema,
    responses: { 201: deviceAccessGroupSchema, ...errorResponses },
  }),
  updateDeviceAccessGroup: defineRoute({
    method: 'PATCH',
    path: '/api/device-access-groups/:id/',
    summary: 'Rename a licence template (licenses.add_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    body: deviceAccessGroupInputSchema,
    responses: { 200: deviceAccessGroupSchema, ...errorResponses },
  }),
  deleteDeviceAccessGroup: defineRoute({
    method: 'DELETE',
    path: '/api/device-access-groups/:id/',
    summary: 'Delete a licence template and the licences it gave (licenses.add_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  subscribeDeviceAccessGroup: defineRoute({
    method: 'PUT',
    path: '/api/device-access-groups/:id/subscribe/',
    summary: 'Subscribe an organisation to a licence template (licenses.subscribe_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    body: subscriptionInputSchema,
    responses: { 200: deviceAccessGroupSchema, ...errorResponses },
  }),
  unsubscribeDeviceAccessGroup: defineRoute({
    method: 'PUT',
    path: '/api/device-access-groups/:id/unsubscribe/',
    summary: 'End an organisation’s subscription to a licence template (licenses.subscribe_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    body: subscriptionInputSchema,
    responses: { 200: deviceAccessGroupSchema, ...errorResponses },
  }),
  createTemplateDevice: defineRoute({
    method: 'POST',
    path: '/api/template-devices/',
    summary: 'Add a device to a licence template (licenses.add_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    body: templateDeviceInputSchema,
    responses: { 201: templateDeviceSchema, ...errorResponses },
  }),
  deleteTemplateDevice: defineRoute({
    method: 'DELETE',
    path: '/api/template-devices/:id/',
    summary: 'Remove a device from a licence template (licenses.add_deviceaccessgroup)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  deviceAccesses: defineRoute({
    method: 'GET',
    path: '/api/device-accesses/',
    summary: "The devices an organisation holds licences for (default: the user's primary organisation)",
    tag: 'licences',
    auth: true,
    query: organisationQuerySchema,
    responses: { 200: list(licensedDeviceSchema), ...errorResponses },
  }),
  createLicensedDevice: defineRoute({
    method: 'POST',
    path: '/api/licensed-devices/',
    summary: 'License a device to an organisation, optionally under a trial (licenses.add_deviceaccess)',
    tag: 'licences',
    auth: true,
    body: licensedDeviceInputSchema,
    responses: { 201: licensedDeviceSchema, ...errorResponses },
  }),
  deleteLicensedDevice: defineRoute({
    method: 'DELETE',
    path: '/api/licensed-devices/:id/',
    summary: 'Withdraw a directly licensed device (licenses.add_deviceaccess)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  trialLicenses: defineRoute({
    method: 'GET',
    path: '/api/trial-licenses/',
    summary: "An organisation's trial licences with the cases used",
    tag: 'licences',
    auth: true,
    query: organisationQuerySchema,
    responses: { 200: list(trialLicenseSchema), ...errorResponses },
  }),
  createTrialLicense: defineRoute({
    method: 'POST',
    path: '/api/trial-licenses/',
    summary: 'Add a trial licence with a case limit (licenses.add_deviceaccess)',
    tag: 'licences',
    auth: true,
    body: trialLicenseInputSchema,
    responses: { 201: trialLicenseSchema, ...errorResponses },
  }),
  updateTrialLicense: defineRoute({
    method: 'PATCH',
    path: '/api/trial-licenses/:id/',
    summary: "Change a trial licence's case limit (licenses.add_deviceaccess)",
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    body: trialLicensePatchSchema,
    responses: { 200: trialLicenseSchema, ...errorResponses },
  }),
  deleteTrialLicense: defineRoute({
    method: 'DELETE',
    path: '/api/trial-licenses/:id/',
    summary: 'Delete a trial licence and its devices (licenses.add_deviceaccess)',
    tag: 'licences',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
} as const;
