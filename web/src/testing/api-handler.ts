import type { DetailError, FieldErrors, RouteDef, RouteResponse } from '@cardiomap/contract';
import { type DefaultBodyType, type HttpResponseResolver, http, type PathParams } from 'msw';

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/** What a handler may answer: the route's success body, an error envelope, or no body (204). */
type Answer<R extends RouteDef> = (RouteResponse<R> | DetailError | FieldErrors | null) & DefaultBodyType;

/**
 * An MSW handler for a route of the contract's table: method and path come from the route, so a
 * renamed or moved route breaks its handlers at compile time, and `HttpResponse.json` is checked
 * against the route's answer type. New handlers use it; older ones with free path strings are
 * converted as they are touched.
 */
export function apiHandler<R extends RouteDef>(
  route: R,
  resolver: HttpResponseResolver<PathParams, DefaultBodyType, Answer<R>>,
) {
  // MSW's own methods take any body; the check above is what this helper adds.
  return METHODS[route.method](`*${route.path}`, resolver as HttpResponseResolver);
}
