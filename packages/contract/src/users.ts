import { z } from 'zod';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

export const TITLES = ['', 'Dr.', 'Prof. Dr.', 'Mr.', 'Mrs.', 'Ms.'] as const;

/** Derived flags of spec §3/§6, computed by packages/domain and sent with the user. */
export const userFlagsSchema = z.object({
  canAddCase: z.boolean(),
  canAddOrder: z.boolean(),
  canShareCase: z.boolean(),
  canSeeSharedCases: z.boolean(),
  canAssignCaseResponsible: z.boolean(),
  hasManyOrgs: z.boolean(),
  canSeeContour: z.boolean(),
  canAddInputData: z.boolean(),
  canAccessCaseDetails: z.boolean(),
  canAddTemplate: z.boolean(),
  canEditUsersAndOrganisations: z.boolean(),
  canViewAllOrganisations: z.boolean(),
  canCancelUnderEvaluationCase: z.boolean(),
  canViewUndeliveredAnalyses: z.boolean(),
  canEditLicense: z.boolean(),
  canSubscibeToTemplate: z.boolean(),
  canEditCase: z.boolean(),
  canProcessResearchCase: z.boolean(),
  canProcessNonResearchCase: z.boolean(),
  canSetInterpolation: z.boolean(),
  canSkipTraining: z.boolean(),
  canTerminateJob: z.boolean(),
  canChangeUndeliveredLandmarks: z.boolean(),
  canChangeDeliveredLandmarks: z.boolean(),
  canChangeCustomLandmarks: z.boolean(),
  canChangePredefinedLandmarks: z.boolean(),
  canDeleteUndeliveredLandmarks: z.boolean(),
  canDeleteDeliveredLandmarks: z.boolean(),
  canCreateUndeliveredLandmarks: z.boolean(),
  canCreateDeliveredLandmarks: z.boolean(),
  canPublishLandmarks: z.boolean(),
  canRequestPatientInformation: z.boolean(),
  canViewPatientInformation: z.boolean(),
  hasRole: z.boolean(),
  roles: z.array(z.string()),
  firstRole: z.string().nullable(),
});
export type UserFlags = z.infer<typeof userFlagsSchema>;

export const userSettingsSchema = z.object({
  hidePatientIdentifier: z.boolean(),
  casesDefaultTableView: z.boolean(),
});

export const organisationRefSchema = z.object({ id: z.uuid(), name: z.string(), code: z.string() });

/** The signed-in user (spec §3 User) with its derived flags. */
export const userInfoSchema = z
  .object({
    sub: z.uuid(),
    email: z.string(),
    givenName: z.string(),
    middleName: z.string(),
    familyName: z.string(),
    title: z.string(),
    phoneNumber: z.string(),
    groups: z.array(z.number().int()),
    isSuperuser: z.boolean(),
    isActive: z.boolean(),
    hasApprovedTerms: z.boolean(),
    previously_approved: z.boolean(),
    hasExpiredPassword: z.boolean(),
    passwordExpirationDate: z.string().nullable(),
    lastPasswordChange: z.string(),
    organisationRequest: z.string(),
    dateCreated: z.string(),
    settings: userSettingsSchema,
    primaryOrganisation: organisationRefSchema.nullable(),
    organisationIds: z.array(z.uuid()),
    /** The organisations of organisationIds, in the same order, for pickers such as the case list filter. */
    organisations: z.array(organisationRefSchema),
    organisationMembershipIds: z.array(z.uuid()),
    specialisationIds: z.array(z.uuid()),
    specialisations: z.array(z.object({ id: z.uuid(), deviceId: z.uuid() })),
    permissions: z.array(z.string()),
  })
  .extend(userFlagsSchema.shape);
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Settings travel snake_case on this route (spec §3). */
export const settingsWireSchema = z.object({
  hide_patient_identifier: z.boolean(),
  cases_default_table_view: z.boolean(),
});
const settingsPatchFields = settingsWireSchema.partial().strict();
export const settingsPatchSchema = z.union([z.object({ settings: settingsPatchFields }).strict(), settingsPatchFields]);

export const groupSchema = z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) });
export type Group = z.infer<typeof groupSchema>;

export const accountRoutes = {
  userInfo: defineRoute({
    method: 'GET',
    path: '/api/userinfo/',
    summary: 'The signed-in user with derived flags',
    tag: 'account',
    auth: true,
    responses: { 200: userInfoSchema, ...errorResponses },
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/permissions/',
    summary: "The signed-in user's effective permission strings (spec §6)",
    tag: 'account',
    auth: true,
    responses: { 200: z.array(z.string()), ...errorResponses },
  }),
  groups: defineRoute({
    method: 'GET',
    path: '/api/groups/',
    summary: 'Roles (groups) with their permissions, in display priority',
    tag: 'account',
    auth: true,
    responses: { 200: z.array(groupSchema), ...errorResponses },
  }),
  getSettings: defineRoute({
    method: 'GET',
    path: '/api/settings/',
    summary: 'Display settings of the signed-in user',
    tag: 'account',
    auth: true,
    responses: { 200: settingsWireSchema, ...errorResponses },
  }),
  patchSettings: defineRoute({
    method: 'PATCH',
    path: '/api/settings/',
    summary: 'Change display settings (hide_patient_identifier, cases_default_table_view)',
    tag: 'account',
    auth: true,
    body: settingsPatchSchema,
    responses: { 200: settingsWireSchema, ...errorResponses },
  }),
  acceptTerms: defineRoute({
    method: 'PATCH',
    path: '/api/accept-terms/',
    summary: 'Approve the terms of use',
    tag: 'account',
    auth: true,
    body: z.object({ hasApprovedTerms: z.literal(true).optional() }).optional(),
    responses: { 200: userInfoSchema, ...errorResponses },
  }),
} as const;
