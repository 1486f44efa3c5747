import { ErrorCode } from '@cardiomap/contract';
import { ApiError, errorToastMessage } from '../../api/index.ts';

export interface FormErrors {
  /** Messages per form field, from a 400 answer. */
  fields: Record<string, string>;
  /** A message for the whole form (wrong credentials, throttling, non-field errors, no connection). */
  form: string | null;
  passwordExpired: boolean;
}

/** Turns a failed sign-in or OTP call into what the form shows (spec §8: field errors, else a message). */
export function signInErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  const result: FormErrors = { fields: {}, form: null, passwordExpired: false };
  if (error instanceof ApiError && error.status === 400) {
    for (const name of fieldNames) {
      const [first] = error.messagesFor(name);
      if (first) result.fields[name] = first;
    }
    const [nonField] = error.messagesFor('nonFieldErrors');
    if (nonField) result.form = nonField;
    else if (Object.keys(result.fields).length === 0) result.form = errorToastMessage(error);
    return result;
  }
  if (error instanceof ApiError && error.code === ErrorCode.passwordExpired) result.passwordExpired = true;
  // A 401 here is a wrong e-mail or password, not an expired session: show the server's words.
  result.form = error instanceof ApiError && error.status === 401 ? error.message : errorToastMessage(error);
  return result;
}
