import { randomBytes, randomUUID } from 'node:crypto';
import { type RouteDef, routes } from '@cardiomap/contract';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/modules/accounts/index.ts';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Every route of the contract is walked here, so a new route cannot ship without its guard: it is
// protected, or it is named below. Adding a public route is a deliberate act that edits this list.
const PUBLIC_ROUTES = [
  'health',
  'healthReady',
  'signIn',
  'verifyOtp',
  'resendOtp',
  'refresh',
  'register',
  'registrationOrganisations',
  'verifyEmail',
  'resendVerification',
  'logoutRefresh',
  'passwordReset',
  'passwordResetConfirm',
] as const;

const table = Object.entries(routes) as [string, RouteDef][];
const protectedRoutes = table.filter(([name]) => !(PUBLIC_ROUTES as readonly string[]).includes(name));

/** The route's path with every `:param` a fresh UUID: the guard must answer before any lookup. */
const urlOf = (route: RouteDef) => route.path.replace(/:[A-Za-z]+/g, () => randomUUID());

/** A minimal body where the route takes one: the guard must answer before validation. */
const bodyOf = (route: RouteDef) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

describe('authentication on every route of the contract', () => {
  let t: TestApp;
  /** Valid claims (a real user and sign-in) so that each forged token differs from a good one in one way. */
  let claims: { userId: string; sessionId: string };
  let access: string;
  const forged: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    access = (await signIn(t, 'physician@cardiomap.test')).access;
    const payload = decodeJwt(access);
    claims = { userId: String(payload.sub), sessionId: String(payload.sid) };
    const otherKey = new Uint8Array(randomBytes(64));
    forged['signed with another key'] = await new SignJWT({ sid: claims.sessionId, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setAudience('cardiomap-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(otherKey);
    // The app's own key (kept in the database), but expired a minute ago.
    forged.expired = await (await createTokenService(t.database.db, -1)).issueAccess(claims);
    forged.garbage = 'not-a-jwt';
  });
  afterAll(async () => t.close());

  const call = (route: RouteDef, headers: Record<string, string> = {}) => {
    const body = bodyOf(route);
    return t.app.inject({
      method: route.method,
      url: urlOf(route),
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
  };

  it('names exactly the public routes of the contract', () => {
    const open = table.filter(([, route]) => !route.auth).map(([name]) => name);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    expect(protectedRoutes.length).toBeGreaterThan(80);
  });

  it('accepts the genuine token the forgeries are made from', async () => {
    expect((await getAs(t, access, routes.userInfo.path)).statusCode).toBe(200);
    const again = await (await createTokenService(t.database.db, 5)).issueAccess(claims);
    expect((await getAs(t, again, routes.userInfo.path)).statusCode).toBe(200);
  });

  it.each(protectedRoutes)('%s answers 401 without a token', async (_, route) => {
    const res = await call(route);
    expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it.each(protectedRoutes)('%s answers 401 token_not_valid to a forged, expired or garbage token', async (_, route) => {
    for (const [kind, token] of Object.entries(forged)) {
      const res = await call(route, bearer(token));
      expect(res.statusCode, `${route.method} ${route.path} with a token ${kind}`).toBe(401);
      expect(res.json(), kind).toMatchObject({ code: 'token_not_valid' });
    }
  });
});
