import { ApiError } from './api-error.ts';

export const LOST_CONNECTION = 'Lost connection to server. Please try again later.';
export const SESSION_EXPIRED = 'Session expired, please log in again.';
export const SOMETHING_WENT_WRONG = 'Ooops... Something went wrong.';

/**
 * The wording of an error toast (spec §8 "Toast errors"): an explicit message is shown as is; an error
 * with no response gives the lost-connection text, a 401 the session text, otherwise the error's own
 * message; with nothing to go on, the generic text.
 */
export function errorToastMessage(error?: unknown, explicitMessage?: string): string {
  if (explicitMessage) return explicitMessage;
  if (error instanceof ApiError) {
    if (error.noResponse) return LOST_CONNECTION;
    if (error.status === 401) return SESSION_EXPIRED;
    return error.message || SOMETHING_WENT_WRONG;
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return LOST_CONNECTION;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return SOMETHING_WENT_WRONG;
}
