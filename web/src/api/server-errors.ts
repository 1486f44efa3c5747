import type { FieldErrors } from '@cardiomap/contract';
import { ApiError } from './api-error.ts';
import { errorToastMessage } from './error-message.ts';

export interface FieldMessage {
  /** Dotted path of the field in the request body, e.g. `patientInformation.age`, `orders.0.deviceIds`. */
  path: string;
  messages: string[];
}

/** A 400 body `{field: [messages] | {nested}}` as a flat list of dotted paths. */
export function flattenFieldErrors(errors: FieldErrors, prefix = ''): FieldMessage[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return Array.isArray(value) ? [{ path, messages: value }] : flattenFieldErrors(value, path);
  });
}

/**
 * Spec §8: a failed request's field messages go onto the form's fields (all of a field's messages, joined);
 * nonFieldErrors and messages of fields the form does not show become alerts. Errors other than a 400
 * become one alert worded like a toast. Returns the alert messages.
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  fieldFor: (path: string) => F | null,
  setFieldError: (field: F, message: string) => void,
): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [errorToastMessage(error)];
  const alerts: string[] = [];
  const onFields = new Map<F, string[]>();
  for (const { path, messages } of flattenFieldErrors(error.fieldErrors)) {
    const field = path === 'nonFieldErrors' ? null : fieldFor(path);
    if (field) onFields.set(field, [...(onFields.get(field) ?? []), ...messages]);
    else alerts.push(...messages);
  }
  for (const [field, messages] of onFields) setFieldError(field, messages.join(' '));
  return alerts;
}

/** A `fieldFor` for forms whose fields are the body's top-level keys: a nested error belongs to its top key. */
export const topLevelFieldOf =
  <F extends string>(fields: readonly F[]) =>
  (path: string): F | null => {
    const key = path.split('.')[0] ?? '';
    return (fields as readonly string[]).includes(key) ? (key as F) : null;
  };

/** Spec §8 "Order simulation errors come from an _All__ list": every message of the answer, in order. */
export const allErrorMessages = (error: unknown): string[] =>
  error instanceof ApiError && error.status === 400
    ? flattenFieldErrors(error.fieldErrors).flatMap((entry) => entry.messages)
    : [errorToastMessage(error)];

/** What a small form shows of a failure: each field's first message, or one message for the whole form. */
export interface FormMessages {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Spec §8 for the small account forms (sign-in, password, profile), which show one message a field: of a
 * 400, each named field's first message, and for the form the first nonFieldErrors message or, when
 * nothing fits a field, the answer worded as a toast. Null for any other error: each form words those.
 */
export function firstFieldMessages(error: unknown, fieldNames: readonly string[]): FormMessages | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const fields: Record<string, string> = {};
  for (const name of fieldNames) {
    const [first] = error.messagesFor(name);
    if (first) fields[name] = first;
  }
  const form = error.messagesFor('nonFieldErrors')[0] ?? null;
  return { fields, form: form ?? (Object.keys(fields).length === 0 ? errorToastMessage(error) : null) };
}

/**
 * Spec §8 "Profile and password failures": a 400 as `firstFieldMessages`; another answer's own message
 * (a 401 here is a wrong current password, not an expired session); 'Something went wrong. Please try
 * again later' when no answer came.
 */
export function accountFormErrors(error: unknown, fieldNames: readonly string[]): FormMessages {
  const onFields = firstFieldMessages(error, fieldNames);
  if (onFields) return onFields;
  if (error instanceof ApiError && !error.noResponse) return { fields: {}, form: error.message };
  return { fields: {}, form: 'Something went wrong. Please try again later' };
}
