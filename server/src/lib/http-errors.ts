/** Errors a service throws; the errors plugin turns them into the envelope of architecture.md §4. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

/** 400 with `{field: [messages], nonFieldErrors: [messages]}`. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: Record<string, unknown>) {
    super('Invalid input.');
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, 'not_found', detail);
export const unauthorized = (detail = 'Authentication credentials were not provided.', code = 'not_authenticated') =>
  new HttpError(401, code, detail);
export const tokenNotValid = (detail = 'Given token not valid for any token type') =>
  new HttpError(401, 'token_not_valid', detail);
export const forbidden = (detail = 'You do not have permission to perform this action.', code = 'permission_denied') =>
  new HttpError(403, code, detail);
export const conflict = (detail: string, code = 'conflict') => new HttpError(409, code, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new HttpError(429, 'throttled', detail, retryAfterSeconds === undefined ? {} : { retryAfter: retryAfterSeconds });

export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });
export const nonFieldError = (message: string) => new ValidationError({ nonFieldErrors: [message] });
