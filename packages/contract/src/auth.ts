import { z } from 'zod';
import { emailSchema, messageSchema } from './common.ts';
import { errorResponses } from './errors.ts';
import { defineRoute } from './route.ts';

export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 15;
/** A code stops working after this many minutes or this many wrong tries. */
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Sign-in answer when the primary organisation requires MFA: no tokens yet, a code was e-mailed. */
export const otpRequiredSchema = z.object({
  otpRequired: z.literal(true),
  otpToken: z.string(),
  detail: z.string(),
  resendAvailableIn: z.number().int(),
});
export type OtpRequired = z.infer<typeof otpRequiredSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'This field may not be blank.').max(1024),
});
export const signInResponseSchema = z.union([tokenPairSchema, otpRequiredSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const verifyOtpRequestSchema = z.object({
  email: emailSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail.'),
  otpToken: z.string().min(1, 'This field may not be blank.').max(200),
});
export const resendOtpRequestSchema = z.object({
  email: emailSchema,
  otpToken: z.string().min(1, 'This field may not be blank.').max(200),
});
export const resendOtpResponseSchema = z.object({ detail: z.string(), resendAvailableIn: z.number().int() });

/** `refresh` may be left out by the web app, whose token travels in the HttpOnly refresh cookie instead. */
export const refreshRequestSchema = z.object({
  refresh: z.string().min(1, 'This field may not be blank.').max(200).optional(),
});
export const logoutRequestSchema = z.object({ refresh: z.string().max(200).optional() });

export const authRoutes = {
  signIn: defineRoute({
    method: 'POST',
    path: '/api/token/',
    summary: 'Sign in with e-mail and password; answers tokens, or an OTP challenge when MFA is required',
    tag: 'auth',
    auth: false,
    body: signInRequestSchema,
    responses: { 200: signInResponseSchema, ...errorResponses },
  }),
  verifyOtp: defineRoute({
    method: 'POST',
    path: '/api/token/verify-otp/',
    summary: 'Complete an MFA sign-in with the e-mailed code',
    tag: 'auth',
    auth: false,
    body: verifyOtpRequestSchema,
    responses: { 200: tokenPairSchema, ...errorResponses },
  }),
  resendOtp: defineRoute({
    method: 'POST',
    path: '/api/token/resend-otp/',
    summary: 'E-mail a new code (not sooner than 60 s after the last one)',
    tag: 'auth',
    auth: false,
    body: resendOtpRequestSchema,
    responses: { 200: resendOtpResponseSchema, ...errorResponses },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/refreshtoken/',
    summary:
      'Rotate the refresh token (from the body, else the HttpOnly cookie); a reused one revokes the whole sign-in',
    tag: 'auth',
    auth: false,
    body: refreshRequestSchema,
    responses: { 200: tokenPairSchema, ...errorResponses },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout/',
    summary: 'Sign out: revokes the sign-in the access token belongs to',
    tag: 'auth',
    auth: true,
    body: logoutRequestSchema,
    responses: { 200: messageSchema, ...errorResponses },
  }),
} as const;
