import type { FieldErrors } from '@cardiomap/contract';

/**
 * A failed API call. `status` 0 means the request was made but no response came back (network down,
 * server gone), which the error catalogue words differently from an HTTP error (spec §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? messageFromBody(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  }

  get noResponse(): boolean {
    return this.status === 0;
  }

  /** Field messages of a 400 answer (`{field: [messages], nonFieldErrors: [...]}`), else empty. */
  get fieldErrors(): FieldErrors {
    return this.status === 400 && isRecord(this.body) ? (this.body as FieldErrors) : {};
  }

  /** The messages of one field of a 400 answer, e.g. `otp` or `nonFieldErrors`. */
  messagesFor(field: string): string[] {
    const value = this.fieldErrors[field];
    return Array.isArray(value) ? value : [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function messageFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.detail === 'string') return body.detail;
  const nonField = body.nonFieldErrors;
  if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
  return undefined;
}
