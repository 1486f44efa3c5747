import { ApiError, errorToastMessage } from '../../api/index.ts';

export interface ServerErrors {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Spec §8 "Profile and password failures": field errors or nonFieldErrors, or 'Something went wrong.
 * Please try again later' when no answer came.
 */
export function serverErrors(error: unknown, fieldNames: readonly string[]): ServerErrors {
  const result: ServerErrors = { fields: {}, form: null };
  if (error instanceof ApiError && error.status === 400) {
    for (const name of fieldNames) {
      const [first] = error.messagesFor(name);
      if (first) result.fields[name] = first;
    }
    result.form = error.messagesFor('nonFieldErrors')[0] ?? null;
    if (!result.form && Object.keys(result.fields).length === 0) result.form = errorToastMessage(error);
    return result;
  }
  if (error instanceof ApiError && !error.noResponse) return { fields: {}, form: error.message };
  return { fields: {}, form: 'Something went wrong. Please try again later' };
}
