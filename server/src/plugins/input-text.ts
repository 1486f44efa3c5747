import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../lib/http-errors.ts';

const MESSAGE = 'Contains characters that are not allowed (NUL or an unpaired surrogate).';

/**
 * JSON may carry NUL and lone surrogates, which PostgreSQL text cannot store (the insert failed with 500).
 * Every request's body, query and params are checked before validation, and such a string answers 400
 * naming the top-level field, whatever the route.
 */
export default fp(
  async function inputTextPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const fields: Record<string, string[]> = {};
      for (const [part, parsed] of [
        [request.body, isPlainObject(request.body)],
        // The query parser makes objects of its own prototype (not Object's), so they are taken as records
        // whatever their prototype: the NUL of `?search=%00` reached PostgreSQL and answered 500.
        [request.query, isRecord(request.query)],
        [request.params, isRecord(request.params)],
      ] as const) {
        if (parsed) {
          for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
            if (hasBadText(value)) fields[key] = [MESSAGE];
          }
        } else if (hasBadText(part)) {
          fields.nonFieldErrors = [MESSAGE];
        }
      }
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    });
  },
  { name: 'input-text' },
);

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Parsed JSON only: raw upload bodies (Buffers, streams) are bytes, not text, and are left alone. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);

function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadText(item, depth + 1));
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, item]) => BAD_TEXT.test(key) || hasBadText(item, depth + 1));
}
