import { accountPasswordRoutes, accountRoutes, authRoutes } from '@cardiomap/contract';
import { sortRoles } from '@cardiomap/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryOnPool } from '../../db/query.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { fieldError, HttpError, tooManyRequests } from '../../lib/http-errors.ts';
import { clearRefreshCookie, readRefreshCookie, refuseCrossSite, setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { registerRoute } from '../../lib/register-route.ts';
import {
  accountMailRateLimits,
  addressRateLimit,
  authRateLimit,
  passwordChangeRateLimits,
  signInAddressRateLimit,
} from '../../plugins/rate-limit.ts';
import { deviceThrottleKey, SignInThrottle } from '../rate-limits/index.ts';
import { readDevice, setDeviceCookie } from './device-cookie.ts';
import { toUserInfo } from './mapper.ts';
import type { PasswordService } from './password-service.ts';
import type { AccountsService, SignedIn } from './service.ts';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

export function accountsRoutes(app: FastifyInstance, service: AccountsService, passwords: PasswordService): void {
  const limited = { config: authRateLimit(app) };
  const days = app.config.refreshTokenDays;
  // Every answer that hands out a pair also puts its refresh token in the cookie for the web app.
  const withCookie = <T extends object>(reply: FastifyReply, result: T): T => {
    if ('refresh' in result && typeof result.refresh === 'string') setRefreshCookie(reply, result.refresh, days);
    return result;
  };

  // A completed sign-in also marks the browser as one that signed in to this account (device-cookie.ts).
  const signedIn = <T extends object>(request: FastifyRequest, reply: FastifyReply, result: T | SignedIn) => {
    if (!('userId' in result)) return withCookie(reply, result);
    const { userId, ...pair } = result;
    setDeviceCookie(reply, app.tokens, userId, readDevice(request, app.tokens));
    return withCookie(reply, pair);
  };

  // Per account, whatever the address: an exponential delay after AUTH_RATE_LIMIT wrong passwords.
  const throttle = new SignInThrottle(queryOnPool(app.database), app.config.authRateLimit);
  registerRoute(
    app,
    authRoutes.signIn,
    async ({ body, request, reply }) => {
      const account = body.email.trim().toLowerCase();
      // A browser that signed in to this account before waits only for its own failures, never for the
      // delay that others' wrong guesses put on the account (issue 27); any other attempt shares it.
      const device = readDevice(request, app.tokens);
      const ownDevice = device !== null && device.userId === (await service.accountIdOf(account));
      const key = ownDevice ? deviceThrottleKey(account, device.deviceId) : account;
      const wait = await throttle.retryAfter(key);
      if (wait > 0) throw tooManyRequests('Too many failed sign-ins. Please wait a moment and try again.', wait);
      try {
        const result = await service.signIn(body, clientAddress(request), userAgent(request));
        await throttle.succeeded(key);
        return signedIn(request, reply, result);
      } catch (error) {
        // 401 is the wrong-password answer; 403 (expired password) means the password was right.
        if (error instanceof HttpError && error.statusCode === 401) await throttle.failed(key);
        throw error;
      }
    },
    { ...limited, preHandler: signInAddressRateLimit(app) },
  );
  registerRoute(
    app,
    authRoutes.verifyOtp,
    async ({ body, request, reply }) =>
      signedIn(request, reply, await service.verifyOtp(body, clientAddress(request), userAgent(request))),
    limited,
  );
  registerRoute(app, authRoutes.resendOtp, ({ body }) => service.resendOtp(body), limited);
  registerRoute(
    app,
    authRoutes.refresh,
    async ({ body, request, reply }) => {
      // API clients send the token in the body; the web app has it only in the cookie.
      let refresh = body.refresh;
      if (refresh === undefined) {
        refresh = readRefreshCookie(request);
        if (refresh === undefined) throw fieldError('refresh', 'This field is required.');
        refuseCrossSite(request);
      }
      try {
        const arrivedAt = new Date(Date.now() - reply.elapsedTime);
        return withCookie(reply, await service.refresh({ refresh }, clientAddress(request), arrivedAt));
      } catch (error) {
        // A dead token in the cookie would be sent again on every start: drop it.
        if (error instanceof HttpError && error.statusCode === 401) clearRefreshCookie(reply);
        throw error;
      }
    },
    limited,
  );
  registerRoute(
    app,
    authRoutes.logout,
    ({ actor, request, reply }) => {
      clearRefreshCookie(reply);
      return service.logout(actor, clientAddress(request));
    },
    limited,
  );

  registerRoute(app, accountRoutes.userInfo, ({ actor }) => toUserInfo(actor));
  registerRoute(app, accountRoutes.permissions, ({ actor }) => [...actor.permissions].sort());
  registerRoute(app, accountRoutes.groups, async () => {
    const groups = await service.listGroups();
    const order = sortRoles(groups.map((g) => g.name));
    return groups.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  });
  registerRoute(app, accountRoutes.getSettings, ({ actor }) => ({
    hide_patient_identifier: actor.profile.hidePatientIdentifier,
    cases_default_table_view: actor.profile.casesDefaultTableView,
  }));
  registerRoute(app, accountRoutes.patchSettings, ({ actor, body }) => {
    const fields = 'settings' in body ? body.settings : body;
    return service.updateSettings(actor, {
      hidePatientIdentifier: fields.hide_patient_identifier,
      casesDefaultTableView: fields.cases_default_table_view,
    });
  });
  registerRoute(app, accountRoutes.acceptTerms, async ({ actor, request }) =>
    toUserInfo(actor, await service.acceptTerms(actor, clientAddress(request))),
  );

  passwordRoutes(app, passwords);
}

/** Issue 19: forgot/expired password, password and profile change, sessions. */
function passwordRoutes(app: FastifyInstance, passwords: PasswordService): void {
  const r = accountPasswordRoutes;
  registerRoute(app, r.passwordReset, ({ body, request }) => passwords.requestReset(body, clientAddress(request)), {
    preHandler: accountMailRateLimits(app, 'password-reset'),
  });
  registerRoute(
    app,
    r.passwordResetConfirm,
    ({ params, body, request }) => passwords.confirmReset(params, body, clientAddress(request)),
    { config: addressRateLimit(app) },
  );
  registerRoute(
    app,
    r.passwordChange,
    ({ actor, body, request }) => passwords.changePassword(actor, body, clientAddress(request)),
    { preHandler: passwordChangeRateLimits(app) },
  );
  registerRoute(app, r.profileChange, async ({ actor, body }) =>
    toUserInfo(actor, await passwords.changeProfile(actor, body)),
  );
  registerRoute(app, r.sessions, ({ actor }) => passwords.listSessions(actor));
  registerRoute(app, r.revokeAllSessions, ({ actor, request, reply }) => {
    clearRefreshCookie(reply);
    return passwords.revokeAllSessions(actor, clientAddress(request));
  });
  registerRoute(
    app,
    r.logoutRefresh,
    ({ body, request, reply }) => {
      clearRefreshCookie(reply);
      return passwords.logoutWithRefresh(body, clientAddress(request));
    },
    {
      config: authRateLimit(app),
    },
  );
}
