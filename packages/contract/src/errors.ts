import { z } from 'zod';

/** Any error other than validation: `{detail, code}` (architecture.md §4). */
export const detailErrorSchema = z.object({ detail: z.string(), code: z.string() }).passthrough();
export type DetailError = z.infer<typeof detailErrorSchema>;

/** 400: field → messages (nested for nested objects), plus nonFieldErrors. */
export type FieldErrors = { [field: string]: string[] | FieldErrors };
// Registered under an id: a recursive schema must be a named component in the OpenAPI document.
export const fieldErrorsSchema: z.ZodType<FieldErrors> = z
  .lazy(() => z.record(z.string(), z.union([z.array(z.string()), fieldErrorsSchema])))
  .meta({ id: 'FieldErrors' });

export const errorResponses = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  409: detailErrorSchema,
  429: detailErrorSchema,
} as const;

/** Codes the client reacts to. */
export const ErrorCode = {
  tokenNotValid: 'token_not_valid',
  notAuthenticated: 'not_authenticated',
  passwordExpired: 'password_expired',
  /** Issue 30 §8: said only to who gave the account's right password. */
  accountInactive: 'account_inactive',
  emailNotVerified: 'email_not_verified',
  otpRequired: 'otp_required',
  notFound: 'not_found',
  throttled: 'throttled',
} as const;
