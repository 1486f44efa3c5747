import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the wire: the server registers it with these schemas (validation, serialisation,
 * OpenAPI) and the web client is typed from the same object.
 */
export interface RouteDef {
  method: HttpMethod;
  /** Full path under the API base, Fastify style params: `/api/cases/:id/cancel/`. */
  path: string;
  summary: string;
  tag: string;
  /** false only for the public routes (sign-in, health …). */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The request body's media types when not JSON (a form with a file: `['multipart/form-data']`). */
  consumes?: readonly string[];
  responses: Record<number, z.ZodType>;
}

export const defineRoute = <const T extends RouteDef>(route: T): T => route;

type SuccessCode = 200 | 201 | 202 | 204;
/** The body type of a route's success answer. */
export type RouteResponse<R extends RouteDef> = {
  [K in keyof R['responses'] & SuccessCode]: z.output<R['responses'][K]>;
}[keyof R['responses'] & SuccessCode];
