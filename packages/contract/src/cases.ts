import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { orderInputSchema, orderSchema } from './orders.ts';
import { pageQuerySchema, paginated } from './pagination.ts';
import { defineRoute } from './route.ts';

/** Spec §5: the message of a missing required field, and another for a wrong type. */
export const REQUIRED = 'This field is required';
const required = (wrongType: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : wrongType),
});

/** An instant with its offset (ISO 8601), as every time travels (architecture.md §4). */
const instant = (message = 'Enter a date and time with offset (ISO 8601).') =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input == null ? REQUIRED : message) });

export const PATIENT_SEXES = ['F', 'M'] as const;
export const NEGATIVE_AGE_MESSAGE = 'This field cannot be negative';

/** Spec §3 "patientInformation": identifier, age, sex M/F. */
export const patientInformationSchema = z.object({
  identifier: z
    .string(required('Enter the patient identifier as text.'))
    .trim()
    .min(1, REQUIRED)
    .max(100, 'Ensure this field has no more than 100 characters.'),
  sex: z.enum(PATIENT_SEXES, required('Select F or M.')),
  age: z
    .number(required('Enter the age in whole years.'))
    .int('Enter the age in whole years.')
    .min(0, NEGATIVE_AGE_MESSAGE)
    .max(130, 'Ensure this value is less than or equal to 130.'),
});
export type PatientInformation = z.infer<typeof patientInformationSchema>;

const userRefSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/**
 * One person a case is shared with (spec §3 sharedWith). `id` is the user's id, or the pending
 * invitation's id while the invitee has no account yet; either revokes it via shared-cases/.
 */
export const sharedWithSchema = z.object({ id: z.uuid(), email: z.string(), isPending: z.boolean() });

/**
 * Spec §3 Case as the wire carries it, with the fields derived for the caller (canBeCanceled,
 * isRejectable, isSharedToCurrentUser, services …). Patient identifiers are null when the caller may
 * not see them (a case shared to them): they are then requested through patient-information/.
 */
export const caseSchema = z.object({
  id: z.uuid(),
  caseIdentifier: z.string(),
  status: z.number().int(),
  organisationId: z.uuid(),
  organisation: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  interventionId: z.uuid(),
  intervention: z.object({ id: z.uuid(), name: z.string(), prefix: z.string(), variantLimit: z.number().int() }),
  orders: z.array(orderSchema),
  services: z.array(z.object({ service: z.number().int(), status: z.number().int() })),
  /** Every device named by an order, in order of first appearance. */
  devices: z.array(z.object({ id: z.uuid(), name: z.string() })),
  deviceVariantNames: z.array(z.string()),
  studyId: z.uuid().nullable(),
  inputDataIds: z.array(z.uuid()),
  sharedWith: z.array(sharedWithSchema),
  sharedBy: userRefSchema.nullable(),
  isSharedToCurrentUser: z.boolean(),
  caseResponsibleId: z.uuid().nullable(),
  caseResponsible: userRefSchema.nullable(),
  createdById: z.uuid(),
  isResearch: z.boolean(),
  isProspective: z.boolean(),
  allowDataProcessing: z.boolean(),
  hasReport: z.boolean(),
  hasPdfReport: z.boolean(),
  hasDeliveredOrder: z.boolean(),
  accessDenied: z.boolean(),
  patientInformation: patientInformationSchema.nullable(),
  patientIdentifier: z.string().nullable(),
  patientAge: z.number().int().nullable(),
  patientSex: z.enum(PATIENT_SEXES).nullable(),
  hasUpdatedPatientIdentifier: z.boolean(),
  physicianComment: z.string(),
  analystComment: z.string(),
  rejection: z.object({ reasonId: z.uuid().nullable(), reason: z.string(), comment: z.string() }).nullable(),
  imagingDate: z.string().nullable(),
  interventionDatetime: z.string().nullable(),
  expectedDeliveryDatetime: z.string().nullable(),
  dateCreated: z.string(),
  dateSubmitted: z.string().nullable(),
  dateCompleted: z.string().nullable(),
  dateModified: z.string(),
  /**
   * The case or one of its orders changed status since the caller last opened it (PUT cases/{id}/seen/);
   * for a case they never opened, only when it is theirs (responsible, creator) or shared with them.
   */
  hasUnseenChange: z.boolean(),
  canBeCanceled: z.boolean(),
  isRejectable: z.boolean(),
  /** Whether the caller may edit the case (spec §6) and change its requested devices. */
  canEdit: z.boolean(),
  canChangeDevices: z.boolean(),
  canRequestPatientInformation: z.boolean(),
});
export type Case = z.infer<typeof caseSchema>;

export const createCaseSchema = z.object({
  /** Required when the user may assign a case responsible; else the creator is responsible. */
  caseResponsibleId: uuidSchema.nullable().optional(),
  patientInformation: patientInformationSchema,
  physicianComment: z.string().trim().max(5000, 'Ensure this field has no more than 5000 characters.').default(''),
  organisationId: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
  interventionDatetime: instant().nullable().optional(),
  isProspective: z.boolean().default(true),
  isResearch: z.boolean().default(false),
  expectedDeliveryDatetime: instant(),
  imagingDate: instant().nullable().optional(),
  orders: z.array(orderInputSchema, required('Add at least one analysis.')).min(1, REQUIRED).max(4),
});
export type CreateCase = z.input<typeof createCaseSchema>;

export const patchCaseSchema = z
  .object({
    physicianComment: z.string().trim().max(5000, 'Ensure this field has no more than 5000 characters.'),
    isProspective: z.boolean(),
    isResearch: z.boolean(),
    patientInformation: patientInformationSchema,
    allowDataProcessing: z.boolean(),
    imagingDate: instant().nullable(),
    interventionDatetime: instant().nullable(),
    expectedDeliveryDatetime: instant(),
  })
  .partial();
export type PatchCase = z.input<typeof patchCaseSchema>;

export const caseListQuerySchema = pageQuerySchema.extend({
  /** Case identifier, patient identifier (when visible) or organisation, case-insensitive fragment. */
  search: z.string().trim().max(100).optional(),
  organisation_id: uuidSchema.optional(),
  status: z.coerce.number().int().min(0).max(7).optional(),
});

export const rejectCaseSchema = z.object({
  reasonId: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
  comment: z.string().trim().max(5000).default(''),
});

/**
 * Spec §7 "Also named" case-rejections/: a case's rejection seen as a resource of its own (decision in
 * architecture.md §6.8). POST is PUT cases/{id}/reject/ with the case named in the body.
 */
export const createCaseRejectionSchema = rejectCaseSchema.extend({
  caseId: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
});

export const caseRejectionListQuerySchema = pageQuerySchema.extend({
  case_id: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
});

/**
 * One rejection: the reason and the analyst's comment stored on the case, who rejected it and when (from
 * the case's `case.reject` audit event). `rejectedBy` is sent to staff only (`maySeeRejectingAnalyst`);
 * it and `dateRejected` are null too for a rejection no event records (a seeded case).
 */
export const caseRejectionSchema = z.object({
  caseId: z.uuid(),
  reasonId: z.uuid().nullable(),
  reason: z.string(),
  comment: z.string(),
  rejectedBy: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  dateRejected: z.string().nullable(),
});
export type CaseRejection = z.infer<typeof caseRejectionSchema>;

export const assignResponsibleSchema = z.object({
  caseResponsibleId: z.uuid({ error: (i) => (i.input == null ? REQUIRED : 'Must be a valid UUID.') }),
});

/**
 * Share by e-mail, or (spec §6) with every active Field Clinical Specialist specialised in a device
 * (device-company specialists, whatever their organisation): exactly one of the two.
 */
export const shareCaseSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Invalid email address')).optional(),
    deviceId: uuidSchema.optional(),
  })
  .refine((b) => (b.email === undefined) !== (b.deviceId === undefined), {
    message: 'Give either an e-mail address or a device.',
    path: ['email'],
  });

export const caseIdParamsSchema = idParamsSchema;
export const sharedCaseParamsSchema = z.object({ caseId: uuidSchema, userId: uuidSchema });

/** A user another user may pick (case responsible, sharing …). */
export const userSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  title: z.string(),
  organisationIds: z.array(z.uuid()),
  /** Sent to administrators only (the picker lists active users alone). */
  isActive: z.boolean().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const caseRoutes = {
  listCases: defineRoute({
    method: 'GET',
    path: '/api/cases/',
    summary: "Cases the caller may see: their organisations' cases and cases shared with them",
    tag: 'cases',
    auth: true,
    query: caseListQuerySchema,
    responses: { 200: paginated(caseSchema), ...errorResponses },
  }),
  createCase: defineRoute({
    method: 'POST',
    path: '/api/cases/',
    summary: 'Request a new analysis: a case with its initial orders',
    tag: 'cases',
    auth: true,
    body: createCaseSchema,
    responses: { 201: caseSchema, ...errorResponses },
  }),
  getCase: defineRoute({
    method: 'GET',
    path: '/api/cases/:id/',
    summary: 'One case',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    responses: { 200: caseSchema, ...errorResponses },
  }),
  patchCase: defineRoute({
    method: 'PATCH',
    path: '/api/cases/:id/',
    summary: 'Edit a case (spec §5 "Edit case")',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    body: patchCaseSchema,
    responses: { 200: caseSchema, ...errorResponses },
  }),
  caseText: defineRoute({
    method: 'GET',
    path: '/api/cases/:id.txt',
    summary: 'The case as plain text (identifier, status, orders, dates)',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    responses: { 200: z.string(), ...errorResponses },
  }),
  rejectCase: defineRoute({
    method: 'PUT',
    path: '/api/cases/:id/reject/',
    summary: 'Reject a case in progress that has no delivered analysis',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    body: rejectCaseSchema,
    responses: { 200: caseSchema, ...errorResponses },
  }),
  listCaseRejections: defineRoute({
    method: 'GET',
    path: '/api/case-rejections/',
    summary: "A case's rejections (none, or the one that ended it): reason, comment, when, and who (staff only)",
    tag: 'cases',
    auth: true,
    query: caseRejectionListQuerySchema,
    responses: { 200: paginated(caseRejectionSchema), ...errorResponses },
  }),
  createCaseRejection: defineRoute({
    method: 'POST',
    path: '/api/case-rejections/',
    summary: 'Reject a case in progress that has no delivered analysis (PUT cases/{id}/reject/ by body)',
    tag: 'cases',
    auth: true,
    body: createCaseRejectionSchema,
    responses: { 201: caseRejectionSchema, ...errorResponses },
  }),
  cancelCase: defineRoute({
    method: 'PUT',
    path: '/api/cases/:id/cancel/',
    summary: 'Cancel a case (irreversible)',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    // A PUT without a body reaches validation as null.
    body: z.object({}).nullish(),
    responses: { 200: caseSchema, ...errorResponses },
  }),
  markCaseSeen: defineRoute({
    method: 'PUT',
    path: '/api/cases/:id/seen/',
    summary: 'Record that the caller opened the case (clears its "changed" mark on the case list)',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    body: z.object({}).nullish(),
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  assignCaseResponsible: defineRoute({
    method: 'PUT',
    path: '/api/cases/:id/assign-case-responsible/',
    summary: "Make a member of the case's organisation responsible for it",
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    body: assignResponsibleSchema,
    responses: { 200: caseSchema, ...errorResponses },
  }),
  shareCase: defineRoute({
    method: 'PUT',
    path: '/api/cases/:id/share/',
    summary: 'Invite someone by e-mail (or the Field Clinical Specialists of a device) to see the case',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    body: shareCaseSchema,
    responses: { 200: caseSchema, ...errorResponses },
  }),
  revokeShare: defineRoute({
    method: 'DELETE',
    path: '/api/shared-cases/:caseId/:userId/',
    summary: 'Stop sharing a case with a user (or withdraw a pending invitation)',
    tag: 'cases',
    auth: true,
    params: sharedCaseParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  patientInformation: defineRoute({
    method: 'GET',
    path: '/api/cases/:id/patient-information/',
    summary: 'Request the patient information of a case (spec §6 rule; recorded in the audit trail)',
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    responses: { 200: patientInformationSchema, ...errorResponses },
  }),
  sensitiveData: defineRoute({
    method: 'GET',
    path: '/api/cases/:id/sensitive-data/',
    summary: "The patient identifiers of a case of the caller's organisation (recorded in the audit trail)",
    tag: 'cases',
    auth: true,
    params: caseIdParamsSchema,
    responses: { 200: patientInformationSchema, ...errorResponses },
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/users/',
    summary: "Users the caller may pick: members of the caller's organisations (all with view_all_users)",
    tag: 'users',
    auth: true,
    query: pageQuerySchema.extend({
      organisation_id: uuidSchema.optional(),
      name_email_or_title: z.string().trim().max(100).optional(),
      /** Only users whose primary organisation is organisation_id. */
      primary_only: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional(),
      /** Administrators: only users with (true) or without (false) any organisation. */
      has_organisation: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional(),
      /** Only users who may be responsible for a case: those who may request analyses (issue 30 #10). */
      may_be_case_responsible: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional(),
    }),
    responses: { 200: paginated(userSummarySchema), ...errorResponses },
  }),
} as const;
