import { LEGACY_CONFIG_FORM_MAX_BYTES } from '@cardiomap/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, nonFieldError } from '../lib/http-errors.ts';

export const FORM_UNREADABLE = 'The form data could not be read.';
export const FORM_NOT_ACCEPTED = 'This endpoint does not take form data.';

/**
 * multipart/form-data bodies (spec §7 legacy-config is the one route that takes them), parsed with the
 * runtime's own form reader into what validation sees: text fields as strings, a file as `{filename,
 * mimeType, size, text}`, a name given twice as a list (which no schema takes). Only routes whose contract
 * says `consumes: ['multipart/form-data']` accept a form; every other route answers 415, so a form cannot
 * stand in for a JSON body. The whole form is read into memory, so its limit is small (2 MiB).
 */
export default fp(
  async function formDataPlugin(app: FastifyInstance) {
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: LEGACY_CONFIG_FORM_MAX_BYTES },
      async (request: FastifyRequest, body: Buffer) => {
        const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
        if (!consumes?.includes('multipart/form-data')) {
          throw new HttpError(415, 'unsupported_media_type', FORM_NOT_ACCEPTED);
        }
        let form: FormData;
        try {
          form = await new Response(body, {
            headers: { 'content-type': String(request.headers['content-type']) },
          }).formData();
        } catch {
          throw nonFieldError(FORM_UNREADABLE);
        }
        const fields: Record<string, unknown> = {};
        for (const [name, value] of form.entries()) {
          const parsed =
            typeof value === 'string'
              ? value
              : { filename: value.name, mimeType: value.type, size: value.size, text: await value.text() };
          const earlier = fields[name];
          fields[name] = earlier === undefined ? parsed : [earlier, parsed].flat();
        }
        return fields;
      },
    );
  },
  { name: 'form-data' },
);
