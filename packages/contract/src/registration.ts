import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import { personName } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';
import { TITLES } from './users.ts';

/**
 * The password ceiling of issue 19 (packages/domain's PASSWORD_MAX_LENGTH, which the contract cannot
 * import): it bounds the hashing work an anonymous caller can ask for.
 */
const PASSWORD_MAX_LENGTH = 128;
/** A verification link works this long (issue 19); a new one can be asked for afterwards. */
export const VERIFICATION_VALID_HOURS = 24;
/** Spec §9 "resend countdown 60 s": also the server's minimum interval between two links. */
export const VERIFICATION_RESEND_SECONDS = 60;
/** Organisation search of the registration form: at least this many characters, at most this many answers. */
export const ORGANISATION_SEARCH_MIN_LENGTH = 3;
export const ORGANISATION_SEARCH_LIMIT = 10;

export const REGISTRATION_MESSAGES = {
  required: 'This field is required',
  blank: 'This field may not be blank.',
  email: 'E-mail must be valid',
  passwordTooShort: `Must contain at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Must contain at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordMismatch: "Passwords don't match",
  organisation: 'Choose your organisation or enter the name of a new one.',
  organisationBoth: 'Choose an existing organisation or enter a new name, not both.',
  title: `Choose one of: ${TITLES.filter(Boolean).join(', ')} or none.`,
} as const;

const M = REGISTRATION_MESSAGES;
const maxLength = (max: number) => `Ensure this field has no more than ${max} characters.`;
const text = () => z.string({ error: (i) => (i.input == null ? M.required : 'Enter text.') });
const requiredText = (max: number) => text().trim().min(1, M.blank).max(max, maxLength(max));

/** An address as sign-in compares it: trimmed, lower-case. */
export const registrationEmailSchema = text().trim().toLowerCase().max(254, maxLength(254)).pipe(z.email(M.email));

/**
 * Spec §5 "New user": first and last name, phone (max 150) and e-mail required, e-mail valid, password of
 * at least 15, middle name at most 30, organisation required: an existing one (`organisationId`) or the
 * name of a new one (`organisationName`). The e-mail/name/common-password rules need the estimator of
 * packages/domain and run on the server after this (and live in the form).
 */
export const registerRequestSchema = z
  .object({
    givenName: personName(requiredText(150)),
    middleName: personName(text().trim().max(30, maxLength(30))).default(''),
    familyName: personName(requiredText(150)),
    title: z.enum(TITLES, { error: (i) => (i.input == null ? M.required : M.title) }).default(''),
    phoneNumber: requiredText(150),
    email: registrationEmailSchema,
    password: text().min(PASSWORD_MIN_LENGTH, M.passwordTooShort).max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
    password2: text().max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
    organisationId: z.uuid('Must be a valid UUID.').nullable().optional(),
    organisationName: text().trim().max(255, maxLength(255)).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password2)
      ctx.addIssue({ code: 'custom', path: ['password2'], message: M.passwordMismatch });
    const chosen = Boolean(body.organisationId);
    const named = Boolean(body.organisationName);
    if (!chosen && !named) ctx.addIssue({ code: 'custom', path: ['organisation'], message: M.organisation });
    if (chosen && named) ctx.addIssue({ code: 'custom', path: ['organisation'], message: M.organisationBoth });
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The same answer for a new and an already registered address: registration never says which. */
export const registrationAcceptedSchema = z.object({
  detail: z.string(),
  email: z.string(),
  resendAvailableIn: z.number().int(),
});
export type RegistrationAccepted = z.infer<typeof registrationAcceptedSchema>;

export const verificationKeyParamsSchema = z.object({ verificationKey: z.string().min(1).max(200) });
export const emailVerifiedSchema = z.object({ detail: z.string(), email: z.string() });

/**
 * A new link needs the password chosen at registration as well as the address: a link is only ever
 * re-issued for the registration its own author made, never for one someone else made with that address.
 */
export const resendVerificationSchema = z.object({
  email: registrationEmailSchema,
  password: text().min(1, M.blank).max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
});

export const organisationSearchQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(ORGANISATION_SEARCH_MIN_LENGTH, `Type at least ${ORGANISATION_SEARCH_MIN_LENGTH} characters.`)
    .max(100, maxLength(100)),
});
export const organisationChoiceSchema = z.object({ id: z.uuid(), name: z.string() });
export type OrganisationChoice = z.infer<typeof organisationChoiceSchema>;

/** Codes of the verification answers the page words differently (issue 19: twice or late says so). */
export const VerificationErrorCode = {
  invalid: 'verification_invalid',
  used: 'verification_used',
  expired: 'verification_expired',
} as const;

export const registrationRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/registration/',
    summary:
      'Register (spec §5 "New user"); e-mails a verification link. Same answer whether or not the address has an account',
    tag: 'registration',
    auth: false,
    body: registerRequestSchema,
    responses: { 202: registrationAcceptedSchema, ...errorResponses },
  }),
  registrationOrganisations: defineRoute({
    method: 'GET',
    path: '/api/registration/organisations/',
    summary: 'Organisations whose name contains the search (at least 3 characters, at most 10 answers)',
    tag: 'registration',
    auth: false,
    query: organisationSearchQuerySchema,
    responses: { 200: z.array(organisationChoiceSchema), ...errorResponses },
  }),
  verifyEmail: defineRoute({
    method: 'GET',
    path: '/api/emailverification/:verificationKey/',
    summary: 'Verify the address with the e-mailed link (single use, 24 h); creates the pending account',
    tag: 'registration',
    auth: false,
    params: verificationKeyParamsSchema,
    responses: { 200: emailVerifiedSchema, ...errorResponses, 410: errorResponses[404] },
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/emailverification/resend/',
    summary: 'E-mail a new verification link (not sooner than 60 s after the last); same answer for any address',
    tag: 'registration',
    auth: false,
    body: resendVerificationSchema,
    responses: { 202: registrationAcceptedSchema, ...errorResponses },
  }),
} as const;
