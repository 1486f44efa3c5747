import { z } from 'zod';
import { idParamsSchema, personName, uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';
import { TITLES } from './users.ts';

/** Spec §5 "New user" and §9 limits, in the spec's words. */
export const ADMIN_USER_MESSAGES = {
  required: 'This field is required.',
  email: 'E-mail must be valid',
  passwordsMustMatch: 'Passwords must match',
  organisationRequired: 'Choose at least one organisation.',
  fcsNeedsDevice: 'A Field Clinical Specialist needs at least one device.',
} as const;

const name = (max: number) =>
  personName(z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`));
const requiredName = name(150).min(1, ADMIN_USER_MESSAGES.required);

export const membershipInputSchema = z.object({
  organisationId: uuidSchema,
  isPrimary: z.boolean().default(false),
  contact: z.boolean().default(false),
});

/** What an administrator sees and edits of one user (spec §3 User, memberships, specialisations). */
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  givenName: z.string(),
  middleName: z.string(),
  familyName: z.string(),
  title: z.string(),
  phoneNumber: z.string(),
  isActive: z.boolean(),
  isSuperuser: z.boolean(),
  hasExpiredPassword: z.boolean(),
  lastPasswordChange: z.string(),
  /** Start of the newest sign-in session, null when never signed in. */
  lastSignIn: z.string().nullable(),
  /** Some organisation of the user requires the e-mailed one-time code (MFA). */
  mfaRequired: z.boolean(),
  dateCreated: z.string(),
  groups: z.array(z.number().int()),
  organisationMemberships: z.array(
    z.object({
      id: z.uuid(),
      organisationId: z.uuid(),
      organisationName: z.string(),
      isPrimary: z.boolean(),
      contact: z.boolean(),
    }),
  ),
  specialisations: z.array(z.object({ id: z.uuid(), deviceId: z.uuid() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const editableFields = {
  givenName: requiredName,
  middleName: name(30),
  familyName: requiredName,
  title: z.enum(TITLES),
  phoneNumber: name(150),
  groups: z.array(z.number().int().positive()).max(20),
  organisations: z.array(membershipInputSchema).max(50),
  deviceIds: z.array(uuidSchema).max(100),
  isSuperuser: z.boolean(),
};

export const createUserSchema = z.object({
  email: z.email(ADMIN_USER_MESSAGES.email).max(254, ADMIN_USER_MESSAGES.email),
  password: z.string().max(1024),
  password2: z.string().max(1024),
  givenName: editableFields.givenName,
  middleName: editableFields.middleName.default(''),
  familyName: editableFields.familyName,
  title: editableFields.title.default(''),
  phoneNumber: editableFields.phoneNumber.default(''),
  groups: editableFields.groups.default([]),
  organisations: editableFields.organisations.min(1, ADMIN_USER_MESSAGES.organisationRequired),
  deviceIds: editableFields.deviceIds.default([]),
  isSuperuser: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Marking active is `isActive: true`; marking inactive is DELETE (spec §4). */
export const updateUserSchema = z
  .object({ ...editableFields, isActive: z.literal(true), hasApprovedTerms: z.boolean() })
  .partial()
  .strict();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const setPasswordSchema = z.object({ newPassword: z.string().max(1024), newPassword2: z.string().max(1024) });

export const adminUserRoutes = {
  getUser: defineRoute({
    method: 'GET',
    path: '/api/users/:id/',
    summary: 'One user with roles, memberships, specialisations, last sign-in (administrators)',
    tag: 'users',
    auth: true,
    params: idParamsSchema,
    responses: { 200: adminUserSchema, ...errorResponses },
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/users/',
    summary: 'Create a user with roles, organisations and specialisations (administrators)',
    tag: 'users',
    auth: true,
    body: createUserSchema,
    responses: { 201: adminUserSchema, ...errorResponses },
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/api/users/:id/',
    summary: 'Edit a user, its roles, organisations and specialisations, or mark it active',
    tag: 'users',
    auth: true,
    params: idParamsSchema,
    body: updateUserSchema,
    responses: { 200: adminUserSchema, ...errorResponses },
  }),
  deactivateUser: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/',
    summary: 'Mark a user inactive; its sessions end at once',
    tag: 'users',
    auth: true,
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  setUserPassword: defineRoute({
    method: 'POST',
    path: '/api/users/:id/set-password/',
    summary: "Set a user's password (administrators)",
    tag: 'users',
    auth: true,
    params: idParamsSchema,
    body: setPasswordSchema,
    responses: { 200: adminUserSchema, ...errorResponses },
  }),
  expireUserPassword: defineRoute({
    method: 'POST',
    path: '/api/users/:id/expire-password/',
    summary: "Expire a user's password: the next sign-in goes to the expired-password flow",
    tag: 'users',
    auth: true,
    params: idParamsSchema,
    body: z.object({}).nullish(),
    responses: { 200: adminUserSchema, ...errorResponses },
  }),
} as const;
