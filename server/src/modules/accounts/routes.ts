import { accountPasswordRoutes, accountRoutes, authRoutes } from '@cardiomap/contract';
import { sortRoles } from '@cardiomap/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { accountRateLimit, addressRateLimit, authRateLimit } from '../../plugins/rate-limit.ts';
import { toUserInfo } from './mapper.ts';
import type { PasswordService } from './password-service.ts';
import type { AccountsService } from './service.ts';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? '';

export function accountsRoutes(app: FastifyInstance, service: AccountsService, passwords: PasswordService): void {
  const limited = { config: authRateLimit(app) };

  registerRoute(
    app,
    authRoutes.signIn,
    ({ body, request }) => service.signIn(body, request.ip, userAgent(request)),
    limited,
  );
  registerRoute(
    app,
    authRoutes.verifyOtp,
    ({ body, request }) => service.verifyOtp(body, request.ip, userAgent(request)),
    limited,
  );
  registerRoute(app, authRoutes.resendOtp, ({ body }) => service.resendOtp(body), limited);
  registerRoute(app, authRoutes.refresh, ({ body, request }) => service.refresh(body, request.ip), limited);
  registerRoute(app, authRoutes.logout, ({ actor, request }) => service.logout(actor, request.ip), limited);

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
    toUserInfo(actor, await service.acceptTerms(actor, request.ip)),
  );

  passwordRoutes(app, passwords);
}

/** Issue 19: forgot/expired password, password and profile change, sessions. */
function passwordRoutes(app: FastifyInstance, passwords: PasswordService): void {
  const r = accountPasswordRoutes;
  registerRoute(app, r.passwordReset, ({ body, request }) => passwords.requestReset(body, request.ip), {
    config: addressRateLimit(app),
  });
  registerRoute(
    app,
    r.passwordResetConfirm,
    ({ params, body, request }) => passwords.confirmReset(params, body, request.ip),
    { config: addressRateLimit(app) },
  );
  registerRoute(
    app,
    r.passwordChange,
    ({ actor, body, request }) => passwords.changePassword(actor, body, request.ip),
    {
      config: accountRateLimit(app),
    },
  );
  registerRoute(app, r.profileChange, async ({ actor, body }) =>
    toUserInfo(actor, await passwords.changeProfile(actor, body)),
  );
  registerRoute(app, r.sessions, ({ actor }) => passwords.listSessions(actor));
  registerRoute(app, r.revokeAllSessions, ({ actor, request }) => passwords.revokeAllSessions(actor, request.ip));
  registerRoute(app, r.logoutRefresh, ({ body, request }) => passwords.logoutWithRefresh(body, request.ip), {
    config: authRateLimit(app),
  });
}
