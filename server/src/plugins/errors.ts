import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, ValidationError } from '../lib/http-errors.ts';
import { isDatabaseUnavailable } from '../lib/safe-error.ts';

/** How long a client should wait before trying again while the database is out of reach. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

type FieldErrors = { [key: string]: string[] | FieldErrors };

/** Puts a message at a nested path, DRF style: {patientInformation: {age: ['…']}}. */
function addAt(target: FieldErrors, path: (string | number)[], message: string): void {
  if (path.length === 0) {
    const list = Array.isArray(target.nonFieldErrors) ? target.nonFieldErrors : [];
    list.push(message);
    target.nonFieldErrors = list;
    return;
  }
  const [head, ...rest] = path;
  const key = String(head);
  if (rest.length === 0) {
    const existing = target[key];
    if (Array.isArray(existing)) existing.push(message);
    else target[key] = [message];
    return;
  }
  const child = target[key];
  const next: FieldErrors = child && !Array.isArray(child) ? child : {};
  target[key] = next;
  addAt(next, rest, message);
}

export function zodIssuesToFields(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues)
    addAt(
      out,
      issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      issue.message,
    );
  return out;
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ValidationError) return reply.status(400).send(error.fields);
      if (error instanceof HttpError) {
        if (error.statusCode === 429 && typeof error.extra.retryAfter === 'number') {
          reply.header('retry-after', String(error.extra.retryAfter));
        }
        return reply.status(error.statusCode).send({ detail: error.detail, code: error.code, ...error.extra });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: FieldErrors = {};
        for (const v of error.validation) {
          const path = v.instancePath.split('/').filter(Boolean);
          addAt(fields, path, v.message ?? 'Invalid value.');
        }
        return reply.status(400).send(fields);
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.status(400).send({ nonFieldErrors: ['The request body is not valid JSON.'] });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send({ detail: 'Unsupported media type.', code: 'unsupported_media_type' });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ detail: 'The request body is too large.', code: 'payload_too_large' });
      }
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send({ detail: 'Too many requests. Please wait a moment and try again.', code: 'throttled' });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, url: request.url }, 'response did not match the contract');
        return reply.status(500).send({ detail: 'Internal server error.', code: 'server_error' });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ detail: error.message, code: error.code ?? 'bad_request' });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'unavailable' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: 'Internal server error.', code: 'server_error' });
    });
  },
  { name: 'errors' },
);
