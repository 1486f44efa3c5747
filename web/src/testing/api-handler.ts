import {
  type DetailError,
  detailErrorSchema,
  type FieldErrors,
  fieldErrorsSchema,
  type RouteResponse,
  routes,
} from '@cardiomap/contract';
import { type DefaultBodyType, type HttpResponseResolver, http, type PathParams } from 'msw';

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/** A route of the contract's table (`routes.x`): the only endpoints a web test may answer. */
export type ApiRoute = (typeof routes)[keyof typeof routes];

/** The `:name` parameters of a route path, e.g. `'id' | 'userId'` for `/api/shared-cases/:id/:userId/`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a handler may answer: the route's success body, an error envelope, or no body (204). */
type Answer<R extends ApiRoute> = (RouteResponse<R> | DetailError | FieldErrors | null) & DefaultBodyType;

const TABLE = new Set<unknown>(Object.values(routes));

/** Some leaf of a field-errors body is a message list with a message in it. */
const hasMessages = (body: unknown): boolean =>
  Array.isArray(body)
    ? body.length > 0 && body.every((m) => typeof m === 'string')
    : typeof body === 'object' && body !== null && Object.values(body).some(hasMessages);

/**
 * Whether a success status carries what is plainly an error envelope (`{detail, code}`, or field
 * messages) and not the route's success body: the type of `Answer` admits both with any status, so a
 * handler answering `HttpResponse.json({ email: ['Taken.'] })` without `{ status: 400 }` would pass the
 * compiler and make the test exercise the success path by mistake.
 */
function errorBodyAsSuccess(route: ApiRoute, status: number, body: unknown): boolean {
  const success = (route.responses as Record<number, { safeParse: (v: unknown) => { success: boolean } }>)[status];
  if (success?.safeParse(body).success) return false;
  if (detailErrorSchema.safeParse(body).success) return true;
  return fieldErrorsSchema.safeParse(body).success && hasMessages(body);
}

/**
 * An MSW handler for a route of the contract's table: method and path come from the route, so a
 * renamed or moved route breaks its handlers at compile time, `params` has the route's parameter
 * names, and `HttpResponse.json` is checked against the route's answer type. A route object that is
 * not in the table is refused when the handler is made. `pin` fixes parameters to values (the docs
 * page of `/api/pages/:slug/`), so the handler answers only those. Every web test answers the API
 * through here (`tooling/import-boundaries.test.ts` checks that no test calls msw's `http.*` itself).
 */
export function apiHandler<R extends ApiRoute>(
  route: R,
  resolver: HttpResponseResolver<PathParams<ParamNames<R['path']>>, DefaultBodyType, Answer<R>>,
  pin: Partial<Record<ParamNames<R['path']>, string>> = {},
) {
  if (!TABLE.has(route)) {
    throw new Error(`apiHandler: ${route.method} ${route.path} is not a route of the contract (use routes.<name>)`);
  }
  const pinned: Record<string, string | undefined> = pin;
  const path = route.path.replace(/:([A-Za-z]+)/g, (param, name: string) => pinned[name] ?? param);
  const checked: HttpResponseResolver = async (info) => {
    const answer = await (resolver as HttpResponseResolver)(info);
    if (answer instanceof Response && answer.ok && answer.headers.get('content-type')?.includes('json')) {
      const body: unknown = await answer.clone().json();
      if (errorBodyAsSuccess(route, answer.status, body)) {
        throw new Error(
          `apiHandler: ${route.method} ${route.path} answered an error body with status ${answer.status}; give the error status`,
        );
      }
    }
    return answer;
  };
  // MSW's own methods take any body; the checks above are what this helper adds.
  return METHODS[route.method](`*${path}`, checked);
}
