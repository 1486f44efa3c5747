import { z } from 'zod';
import { emailSchema, messageSchema, personName } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';
import { TITLES, userInfoSchema } from './users.ts';

/** A reset link stops working after this long (issue 19); the server enforces it. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

/** The one answer of passwordreset/, whether or not the address has an account (no enumeration). */
export const PASSWORD_RESET_SENT =
  'If an account exists for this address, we have e-mailed a link to choose a new password. The link works once, for one hour.';
export const PASSWORD_CHANGED = 'Password changed successfully';

const blankMessage = 'This field may not be blank.';
// Upper bound only: the password rules (packages/domain) give the field messages, so the route answers
// every rule at once instead of zod stopping at the first.
const newPasswordField = z.string().min(1, blankMessage).max(1024);

export const passwordResetRequestSchema = z.object({
  email: emailSchema,
  /** Which page asked: forgot password or the expired-password sign-in (changes only the e-mail text). */
  reason: z.enum(['forgot', 'expired']).optional(),
});

export const passwordResetConfirmParamsSchema = z.object({
  uid: z.uuid('This link is invalid.'),
  token: z.string().min(1).max(200),
});
export const newPasswordSchema = z.object({ newPassword: newPasswordField, newPassword2: newPasswordField });

export const passwordChangeRequestSchema = z.object({
  oldPassword: z.string().min(1, blankMessage).max(1024),
  newPassword: newPasswordField,
  newPassword2: newPasswordField,
  /** The e-mailed code, on the second submit when the organisation requires MFA (spec §4). */
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail.')
    .optional(),
});
// The OTP answer first: the serialiser takes the first branch that fits, and a message fits both.
export const passwordChangeResponseSchema = z.union([
  z.object({ otpRequired: z.literal(true), detail: z.string(), resendAvailableIn: z.number().int() }),
  messageSchema,
]);
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

export const profileChangeRequestSchema = z
  .object({
    givenName: personName(z.string().trim().min(1, blankMessage).max(150)),
    middleName: personName(z.string().trim().max(30, 'Ensure this field has no more than 30 characters.')),
    familyName: personName(z.string().trim().min(1, blankMessage).max(150)),
    title: z.enum(TITLES, 'Choose one of the listed titles.'),
    phoneNumber: z.string().trim().max(150, 'Ensure this field has no more than 150 characters.'),
  })
  .partial()
  .strict();

export const sessionSchema = z.object({
  id: z.uuid(),
  dateCreated: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const logoutRefreshRequestSchema = z.object({
  refresh: z.string().min(1, blankMessage).max(200),
});

export const accountPasswordRoutes = {
  passwordReset: defineRoute({
    method: 'POST',
    path: '/api/passwordreset/',
    summary: 'E-mail a single-use link to choose a new password; answers the same for unknown addresses',
    tag: 'auth',
    auth: false,
    body: passwordResetRequestSchema,
    responses: { 200: messageSchema, ...errorResponses },
  }),
  passwordResetConfirm: defineRoute({
    method: 'POST',
    path: '/api/passwordreset-confirmation/:uid/:token/',
    summary: 'Set a new password with the e-mailed link; ends every sign-in of the user',
    tag: 'auth',
    auth: false,
    params: passwordResetConfirmParamsSchema,
    body: newPasswordSchema,
    responses: { 200: messageSchema, ...errorResponses },
  }),
  passwordChange: defineRoute({
    method: 'PATCH',
    path: '/api/passwordchange/',
    summary: 'Change the own password (old, new, repeat; an e-mailed code first when MFA is required)',
    tag: 'account',
    auth: true,
    body: passwordChangeRequestSchema,
    responses: { 200: passwordChangeResponseSchema, ...errorResponses },
  }),
  profileChange: defineRoute({
    method: 'PATCH',
    path: '/api/profilechange/',
    summary: 'Change the own names, title and phone number',
    tag: 'account',
    auth: true,
    body: profileChangeRequestSchema,
    responses: { 200: userInfoSchema, ...errorResponses },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/sessions/',
    summary: "The signed-in user's open sign-ins, newest first",
    tag: 'account',
    auth: true,
    responses: { 200: z.array(sessionSchema), ...errorResponses },
  }),
  revokeAllSessions: defineRoute({
    method: 'POST',
    path: '/api/sessions/revoke-all/',
    summary: 'Sign out everywhere: revokes every sign-in of the user, this one included',
    tag: 'account',
    auth: true,
    responses: { 200: messageSchema, ...errorResponses },
  }),
  logoutRefresh: defineRoute({
    method: 'POST',
    path: '/api/logout/refresh/',
    summary: 'Sign out with the refresh token alone (the access token may have expired)',
    tag: 'auth',
    auth: false,
    body: logoutRefreshRequestSchema,
    responses: { 200: messageSchema, ...errorResponses },
  }),
} as const;
