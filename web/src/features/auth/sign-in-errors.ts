import { ErrorCode } from '@cardiomap/contract';
import { ApiError, errorToastMessage, type FormMessages, firstFieldMessages } from '../../api/index.ts';

export interface FormErrors extends FormMessages {
  passwordExpired: boolean;
}

/** Turns a failed sign-in or OTP call into what the form shows (spec §8: field errors, else a message). */
export function signInErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  const onFields = firstFieldMessages(error, fieldNames);
  if (onFields) return { ...onFields, passwordExpired: false };
  const passwordExpired = error instanceof ApiError && error.code === ErrorCode.passwordExpired;
  // A 401 here is a wrong e-mail or password, not an expired session: show the server's words.
  const form = error instanceof ApiError && error.status === 401 ? error.message : errorToastMessage(error);
  return { fields: {}, form, passwordExpired };
}
