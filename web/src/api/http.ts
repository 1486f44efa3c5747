import { ErrorCode, type RouteDef, type RouteResponse } from '@cardiomap/contract';
import { ApiError } from './api-error.ts';
import { refreshOnce, restoreSession } from './refresh-request.ts';
import { tokenStore } from './token-store.ts';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
};

/** The app routes a lost session through its router instead of a full page load. */
export const setSessionExpiredHandler = (handler: SessionExpiredHandler) => {
  onSessionExpired = handler;
};

export const buildUrl = (route: Pick<RouteDef, 'path'>, options: Pick<CallOptions, 'params' | 'query'>): string => {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
};

async function send(route: RouteDef, options: CallOptions, access: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a route that `consumes` multipart/form-data) goes as it is: fetch writes its boundary header.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (route.auth && access) headers.authorization = `Bearer ${access}`;
  try {
    return await fetch(buildUrl(route, options), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, 'Lost connection to server. Please try again later.');
  }
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls one contract route. On 401 `token_not_valid` the tokens are refreshed and the request retried
 * once; when refreshing fails both tokens are cleared and the session-expired handler sends the user
 * to /login with a redirect (spec §8 "Session"). Every other failure is rethrown as an ApiError.
 */
export async function call<R extends RouteDef>(route: R, options: CallOptions = {}): Promise<RouteResponse<R>> {
  // The page's restore by the cookie is under way (a page load): wait for its token instead of a 401.
  if (route.auth && tokenStore.status() === 'restoring') await restoreSession();
  const access = tokenStore.access();
  let response = await send(route, options, access);
  if (response.status === 401 && route.auth) {
    const body = await parse(response);
    const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    if (code !== ErrorCode.tokenNotValid) throw new ApiError(401, body);
    // Another request may have refreshed meanwhile: then just retry with the new token.
    const current = tokenStore.access();
    const renewed = current !== null && current !== access ? true : await refreshOnce();
    if (!renewed) {
      tokenStore.clear();
      onSessionExpired();
      throw new ApiError(401, body, 'Session expired, please log in again.');
    }
    response = await send(route, options, tokenStore.access());
  }
  const body = await parse(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as RouteResponse<R>;
}
