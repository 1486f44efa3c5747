import type { FieldErrors } from '@cardiomap/contract';
import { ApiError, errorToastMessage } from '../../../api/index.ts';

const messagesOf = (errors: FieldErrors | string[]): string[] =>
  Array.isArray(errors) ? errors : Object.values(errors).flatMap(messagesOf);

/** A 400 on a landmark save: the reasons its points were refused, which the draft bar shows. */
export const isRefusedLandmark = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400;

/**
 * What the draft bar says when a save fails. A 400 names the fields that are wrong, and the landmark
 * being drawn has no form to put them on: the messages on its points come first (why the shape was
 * refused, e.g. "The outline crosses itself"), then the others. Any other failure is worded as its
 * toast would be (lost connection, session expired, the server's detail).
 */
export function landmarkSaveErrorMessage(error: unknown): string {
  if (!isRefusedLandmark(error)) return errorToastMessage(error);
  const { points, ...others } = error.fieldErrors;
  const messages = [...(points ? messagesOf(points) : []), ...messagesOf(others)];
  return messages.length ? messages.join(' ') : errorToastMessage(error);
}
