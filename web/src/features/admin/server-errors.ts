import type { FieldErrors } from '@cardiomap/contract';
import { ApiError, errorToastMessage } from '../../api/index.ts';

const messagesOf = (value: string[] | FieldErrors): string[] =>
  Array.isArray(value) ? value : Object.values(value).flatMap(messagesOf);

/** Spec §8 "Organisation request failures": the banner's title. */
export const REQUEST_PROBLEM = 'There was a problem!';

/**
 * Spec §8: a 400's messages for the form's own fields go onto them; nonFieldErrors, distributorId and
 * anything else go to the error banner. Other failures become one banner message worded as a toast.
 */
export function splitServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [errorToastMessage(error)];
  const banner: string[] = [];
  for (const [key, value] of Object.entries(error.fieldErrors)) {
    const messages = messagesOf(value);
    if ((fields as readonly string[]).includes(key)) setFieldError(key as F, messages.join(' '));
    else banner.push(...messages);
  }
  return banner;
}
