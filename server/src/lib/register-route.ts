import type { RouteDef } from '@cardiomap/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './actor.ts';
import { needsApprovedAccount, requireApprovedAccount } from './approved-account.ts';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<R extends RouteDef> {
  body: Input<R['body']>;
  query: Input<R['query']>;
  params: Input<R['params']>;
  /** Present on every route whose contract says `auth: true`. */
  actor: R['auth'] extends true ? Actor : Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Answers a body that is not the contract's JSON (plain text, CSV …) as is, past the serializer. The
   * route then returns nothing, and no 204 follows.
   */
  sendRaw(contentType: string, body: string, headers?: Record<string, string>): void;
}

type SuccessBody<R extends RouteDef> = {
  [K in keyof R['responses']]: K extends 200 | 201 | 202 ? z.input<R['responses'][K]> : never;
}[keyof R['responses']];

export interface RouteExtras {
  /** Extra Fastify route config (rate limits …). */
  config?: Record<string, unknown>;
  preHandler?: RouteShorthandOptions['preHandler'];
  status?: number;
}

/**
 * Registers one contract route: validation and serialisation come from the contract, the handler only
 * calls a service. Routes with `auth: true` are authenticated before the handler runs.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: (ctx: RouteContext<R>) => Promise<SuccessBody<R> | undefined> | SuccessBody<R> | undefined,
  extras: RouteExtras = {},
): void {
  const preHandlers = Array.isArray(extras.preHandler)
    ? extras.preHandler
    : extras.preHandler
      ? [extras.preHandler]
      : [];
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      // A form route (plugins/form-data.ts accepts multipart bodies only where the contract says so).
      ...(route.consumes ? { consumes: [...route.consumes] } : {}),
      response: route.responses,
    },
    config: extras.config ?? {},
    // Before body parsing and validation: an anonymous caller learns nothing from a route's 400s.
    ...(route.auth
      ? { onRequest: needsApprovedAccount(route) ? [app.authenticate, requireApprovedAccount] : [app.authenticate] }
      : {}),
    preHandler: preHandlers,
    handler: async (request, reply) => {
      let sentRaw = false;
      const result = await handler({
        body: request.body as never,
        query: request.query as never,
        params: request.params as never,
        actor: (request.actor ?? null) as never,
        request,
        reply,
        sendRaw(contentType, body, headers = {}) {
          sentRaw = true;
          reply
            .type(contentType)
            .headers(headers)
            .serializer((payload: unknown) => payload as string)
            .send(body);
        },
      });
      // Sent already (sendRaw, or a redirect): hooks such as onSend may still be running, so `reply.sent`
      // cannot tell; answering `reply` tells Fastify the answer is on its way.
      if (sentRaw || reply.sent) return reply;
      if (extras.status) reply.status(extras.status);
      return result ?? reply.status(204).send();
    },
  });
}
