import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { COUNTRY_CODES } from './countries.ts';
import { errorResponses } from './errors.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

/** Spec §5 "Organisation" and §9 limits, in the spec's words where it has them. */
export const ORGANISATION_MESSAGES = {
  required: 'This field is required',
  blank: 'This field may not be blank.',
  code: 'Must be 3 capital letters.',
  codeTaken: 'An organisation with this code already exists.',
  country: 'Choose a country from the list.',
  region: 'No region matches the given id.',
  negative: 'This field cannot be negative',
  hasCases: 'This organisation still has cases and cannot be deleted.',
  hasMembers: 'This organisation still has members and cannot be deleted. Remove them first.',
} as const;
const M = ORGANISATION_MESSAGES;
const maxLength = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** Spec §9: default password expiration 180 days, 0 means none. */
export const DEFAULT_PASSWORD_EXPIRATION_DAYS = 180;
export const ORGANISATION_CODE_PATTERN = /^[A-Z]{3}$/;

export const regionSchema = z.object({ id: z.uuid(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;

export const organisationSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  regionId: z.uuid(),
  region: z.string(),
  allowDataProcessing: z.boolean(),
  dataProcessingContract: z.string(),
  hasConfidentialityAgreement: z.boolean(),
  requiresOtp: z.boolean(),
  passwordExpires: z.boolean(),
  passwordExpirationDays: z.number().int(),
  distributorId: z.uuid().nullable(),
  dateCreated: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

const text = () => z.string({ error: (i) => (i.input == null ? M.required : 'Enter text.') });
const name = text().trim().min(1, M.blank).max(255, maxLength(255));
const country = text().refine((c) => COUNTRY_CODES.includes(c), M.country);
const regionId = z.uuid({ error: (i) => (i.input == null ? M.required : 'Must be a valid UUID.') });
const contract = text().trim().max(1024, maxLength(1024));
const days = z
  .number({ error: (i) => (i.input == null ? M.required : 'A whole number is required.') })
  .int('A whole number is required.')
  .min(0, M.negative)
  .max(36_500, 'Ensure this value is less than or equal to 36500.');

/** The editable fields; `passwordExpirationDays` 0 turns expiry off (spec §5). */
const editable = {
  name,
  country,
  regionId,
  allowDataProcessing: z.boolean().optional(),
  dataProcessingContract: contract.optional(),
  hasConfidentialityAgreement: z.boolean().optional(),
  requiresOtp: z.boolean().optional(),
  passwordExpirationDays: days.optional(),
  distributorId: uuidSchema.nullable().optional(),
};

/** POST organisations/: code empty means generated; otherwise exactly 3 capital letters. */
export const organisationCreateSchema = z
  .object({
    code: text()
      .trim()
      .refine((c) => c === '' || ORGANISATION_CODE_PATTERN.test(c), M.code)
      .optional(),
    ...editable,
  })
  .strict();
export type OrganisationCreate = z.infer<typeof organisationCreateSchema>;

/** PATCH organisations/{id}: the code is read-only once made (spec §3). */
export const organisationPatchSchema = z
  .object({
    name: editable.name.optional(),
    country: editable.country.optional(),
    regionId: editable.regionId.optional(),
    allowDataProcessing: editable.allowDataProcessing,
    dataProcessingContract: editable.dataProcessingContract,
    hasConfidentialityAgreement: editable.hasConfidentialityAgreement,
    requiresOtp: editable.requiresOtp,
    passwordExpirationDays: editable.passwordExpirationDays,
    distributorId: editable.distributorId,
  })
  .strict();
export type OrganisationPatch = z.infer<typeof organisationPatchSchema>;

export const organisationListQuerySchema = pageQuerySchema.extend({
  name__icontains: z.string().trim().max(255).optional(),
  code__icontains: z.string().trim().max(3).optional(),
});

/** A verified user waiting for an organisation (spec §2 "Incoming requests"). */
export const incomingRegistrationSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  title: z.string(),
  givenName: z.string(),
  middleName: z.string(),
  familyName: z.string(),
  phoneNumber: z.string(),
  organisationRequest: z.string(),
  /** The existing organisation the user chose when registering, if any. */
  requestedOrganisationId: z.uuid().nullable(),
  dateCreated: z.string(),
});
export type IncomingRegistration = z.infer<typeof incomingRegistrationSchema>;

export const REGISTRATION_DECISION_MESSAGES = {
  organisation: 'Choose an existing organisation or describe a new one, not both.',
  roles: 'Choose at least one role.',
  unknownRole: 'Unknown role.',
  reason: 'Give the reason for declining.',
  notPending: 'This registration has already been decided.',
} as const;

export const approveRegistrationSchema = z
  .object({
    organisationId: uuidSchema.nullable().optional(),
    newOrganisation: organisationCreateSchema.optional(),
    /** Role (group) ids, as `groups` of the user. */
    groups: z
      .array(z.number().int())
      .min(1, REGISTRATION_DECISION_MESSAGES.roles)
      .max(13)
      .transform((g) => [...new Set(g)]),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (Boolean(body.organisationId) === Boolean(body.newOrganisation)) {
      ctx.addIssue({ code: 'custom', path: ['organisationId'], message: REGISTRATION_DECISION_MESSAGES.organisation });
    }
  });
export type ApproveRegistration = z.infer<typeof approveRegistrationSchema>;

export const declineRegistrationSchema = z
  .object({
    reason: z
      .string({ error: REGISTRATION_DECISION_MESSAGES.reason })
      .trim()
      .min(1, REGISTRATION_DECISION_MESSAGES.reason)
      .max(1000, maxLength(1000)),
  })
  .strict();

const userIdParams = z.object({ userId: uuidSchema });

export const organisationRoutes = {
  regions: defineRoute({
    method: 'GET',
    path: '/api/regions/',
    summary: 'Regions an organisation can belong to',
    tag: 'organisations',
    auth: true,
    responses: { 200: z.array(regionSchema), ...errorResponses },
  }),
  listOrganisations: defineRoute({
    method: 'GET',
    path: '/api/organisations/',
    summary: 'Organisations by code, for administrators; search by name and code (spec §7)',
    tag: 'organisations',
    auth: true,
    query: organisationListQuerySchema,
    responses: { 200: paginated(organisationSchema), ...errorResponses },
  }),
  createOrganisation: defineRoute({
    method: 'POST',
    path: '/api/organisations/',
    summary: 'Create an organisation (code generated when empty)',
    tag: 'organisations',
    auth: true,
    body: organisationCreateSchema,
    responses: { 201: organisationSchema, ...errorResponses },
  }),
  updateOrganisation: defineRoute({
    method: 'PATCH',
    path: '/api/organisations/:id/',
    summary: "Edit an organisation; MFA and password expiry apply to its members' next request",
    tag: 'organisations',
    auth: true,
    params: idParamsSchema,
    body: organisationPatchSchema,
    responses: { 200: organisationSchema, ...errorResponses },
  }),
  deleteOrganisation: defineRoute({
    method: 'DELETE',
    path: '/api/organisations/:id/',
    summary: 'Delete an organisation that has no cases and no members (409 otherwise)',
    tag: 'organisations',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  incomingRegistrations: defineRoute({
    method: 'GET',
    path: '/api/incoming-registrations/',
    summary: 'Verified users waiting for an organisation, oldest first',
    tag: 'organisations',
    auth: true,
    query: pageQuerySchema,
    responses: { 200: paginated(incomingRegistrationSchema), ...errorResponses },
  }),
  approveRegistration: defineRoute({
    method: 'POST',
    path: '/api/incoming-registrations/:userId/approve/',
    summary: 'Approve a registration into an existing or a new organisation with roles; the user is e-mailed',
    tag: 'organisations',
    auth: true,
    params: userIdParams,
    body: approveRegistrationSchema,
    responses: { 200: z.object({ organisationId: z.uuid() }), ...errorResponses },
  }),
  declineRegistration: defineRoute({
    method: 'POST',
    path: '/api/incoming-registrations/:userId/decline/',
    summary: 'Decline a registration with a reason; the account is deactivated and the user e-mailed',
    tag: 'organisations',
    auth: true,
    params: userIdParams,
    body: declineRegistrationSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
} as const;
