import { z } from 'zod';
import { idParamsSchema, uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

/**
 * Spec §3 and §7: a user's roles, organisations and device specialisations as resources of their own,
 * for administrators (the same five permissions as users/). users/ PATCH replaces them all at once;
 * these change one at a time.
 */
export const groupMembershipSchema = z.object({ group: z.number().int(), userId: z.uuid() });
export type GroupMembership = z.infer<typeof groupMembershipSchema>;

export const organisationMembershipSchema = z.object({
  id: z.uuid(),
  organisationId: z.uuid(),
  userId: z.uuid(),
  isPrimary: z.boolean(),
  contact: z.boolean(),
});
export type OrganisationMembership = z.infer<typeof organisationMembershipSchema>;

export const specialisationSchema = z.object({ id: z.uuid(), userId: z.uuid(), deviceId: z.uuid() });
export type Specialisation = z.infer<typeof specialisationSchema>;

export const userIdQuerySchema = z.object({ user_id: uuidSchema });

export const createGroupMembershipSchema = z.object({
  group: z.number({ error: 'This field is required.' }).int().positive(),
  userId: uuidSchema,
});
export const groupMembershipParamsSchema = z.object({ group: z.coerce.number().int().positive(), userId: uuidSchema });

export const createOrganisationMembershipSchema = z.object({
  organisationId: uuidSchema,
  userId: uuidSchema,
  isPrimary: z.boolean().default(false),
  contact: z.boolean().default(false),
});
export const updateOrganisationMembershipSchema = z
  .object({ isPrimary: z.boolean(), contact: z.boolean() })
  .partial()
  .strict();

export const createSpecialisationSchema = z.object({ userId: uuidSchema, deviceId: uuidSchema });

const route = { tag: 'users', auth: true } as const;

export const membershipRoutes = {
  listGroupMemberships: defineRoute({
    ...route,
    method: 'GET',
    path: '/api/group-memberships/',
    summary: "A user's roles (administrators)",
    query: userIdQuerySchema,
    responses: { 200: z.array(groupMembershipSchema), ...errorResponses },
  }),
  createGroupMembership: defineRoute({
    ...route,
    method: 'POST',
    path: '/api/group-memberships/',
    summary: 'Give a user a role (administrators)',
    body: createGroupMembershipSchema,
    responses: { 201: groupMembershipSchema, ...errorResponses },
  }),
  deleteGroupMembership: defineRoute({
    ...route,
    method: 'DELETE',
    path: '/api/group-memberships/:group/:userId/',
    summary: 'Take a role from a user, by role and user (administrators)',
    params: groupMembershipParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  listOrganisationMemberships: defineRoute({
    ...route,
    method: 'GET',
    path: '/api/organisation-memberships/',
    summary: "A user's organisation memberships (administrators)",
    query: userIdQuerySchema,
    responses: { 200: z.array(organisationMembershipSchema), ...errorResponses },
  }),
  createOrganisationMembership: defineRoute({
    ...route,
    method: 'POST',
    path: '/api/organisation-memberships/',
    summary: 'Add a user to an organisation; a primary one clears the other primary (administrators)',
    body: createOrganisationMembershipSchema,
    responses: { 201: organisationMembershipSchema, ...errorResponses },
  }),
  updateOrganisationMembership: defineRoute({
    ...route,
    method: 'PATCH',
    path: '/api/organisation-memberships/:id/',
    summary: 'Make a membership primary or a contact (administrators)',
    params: idParamsSchema,
    body: updateOrganisationMembershipSchema,
    responses: { 200: organisationMembershipSchema, ...errorResponses },
  }),
  deleteOrganisationMembership: defineRoute({
    ...route,
    method: 'DELETE',
    path: '/api/organisation-memberships/:id/',
    summary: 'Remove a user from an organisation (administrators)',
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  listSpecialisations: defineRoute({
    ...route,
    method: 'GET',
    path: '/api/specialisations/',
    summary: "A user's device specialisations (administrators)",
    query: userIdQuerySchema,
    responses: { 200: z.array(specialisationSchema), ...errorResponses },
  }),
  createSpecialisation: defineRoute({
    ...route,
    method: 'POST',
    path: '/api/specialisations/',
    summary: 'Link a user to a device (Field Clinical Specialists; administrators)',
    body: createSpecialisationSchema,
    responses: { 201: specialisationSchema, ...errorResponses },
  }),
  deleteSpecialisation: defineRoute({
    ...route,
    method: 'DELETE',
    path: '/api/specialisations/:id/',
    summary: "Unlink a user from a device; a Field Clinical Specialist's last one stays (administrators)",
    params: idParamsSchema,
    responses: { 204: z.undefined(), ...errorResponses },
  }),
} as const;
