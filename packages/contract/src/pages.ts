import { z } from 'zod';
import { uuidSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

/** The longest Markdown body a page section takes; far above any real page, small enough to render at once. */
export const PAGE_BODY_MAX = 100_000;

export const pageSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Enter a valid slug: lower-case letters, digits and hyphens.');

/** Spec §3 Page: one section of a documentation page, written for one region. */
export const pageSectionSchema = z.object({
  id: z.uuid(),
  regionId: z.uuid(),
  region: z.string(),
  title: z.string(),
  /** Markdown; the web renders it as text, never as HTML. */
  body: z.string(),
  dateModified: z.string(),
});
export type PageSection = z.infer<typeof pageSectionSchema>;

export const pageSchema = z.object({
  slug: z.string(),
  sections: z.array(pageSectionSchema),
  /** Whether the caller may edit the page's sections (superusers). */
  canManage: z.boolean(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageScopeQuerySchema = z.object({
  /** `all`: every region's section, for the editor (managers only); default: the caller's regions. */
  scope: z.enum(['mine', 'all'], 'Must be mine or all.').default('mine'),
});

export const pageSectionWriteSchema = z.object({
  regionId: uuidSchema,
  title: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(255, 'Ensure this field has no more than 255 characters.'),
  body: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(PAGE_BODY_MAX, `Ensure this field has no more than ${PAGE_BODY_MAX} characters.`),
});
export type PageSectionWrite = z.infer<typeof pageSectionWriteSchema>;

/** Spec §3 membership "contact": the people an organisation names as its contacts (Contact Us page). */
export const organisationContactsSchema = z.object({
  organisationId: z.uuid(),
  organisationName: z.string(),
  contacts: z.array(z.object({ name: z.string(), email: z.string(), phoneNumber: z.string() })),
});
export type OrganisationContacts = z.infer<typeof organisationContactsSchema>;

export const pageRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/pages/:slug/',
    summary: "A documentation page: one section per region of the caller's organisations",
    tag: 'pages',
    auth: true,
    params: z.object({ slug: pageSlugSchema }),
    query: pageScopeQuerySchema,
    responses: { 200: pageSchema, ...errorResponses },
  }),
  savePageSection: defineRoute({
    method: 'PUT',
    path: '/api/pages/:slug/',
    summary: "Create or replace one region's section of a page (superusers)",
    tag: 'pages',
    auth: true,
    params: z.object({ slug: pageSlugSchema }),
    body: pageSectionWriteSchema,
    responses: { 200: pageSectionSchema, ...errorResponses },
  }),
  deletePageSection: defineRoute({
    method: 'DELETE',
    path: '/api/pages/:slug/sections/:regionId/',
    summary: "Remove one region's section of a page (superusers)",
    tag: 'pages',
    auth: true,
    params: z.object({ slug: pageSlugSchema, regionId: uuidSchema }),
    responses: { 204: z.undefined(), ...errorResponses },
  }),
  organisationContacts: defineRoute({
    method: 'GET',
    path: '/api/organisation-contacts/',
    summary: "The contact people of the caller's organisations",
    tag: 'pages',
    auth: true,
    responses: { 200: z.array(organisationContactsSchema), ...errorResponses },
  }),
} as const;
