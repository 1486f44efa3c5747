import { accountRoutes, authRoutes } from '@cardiomap/contract';
import { sortRoles } from '@cardiomap/domain';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { toUserInfo } from './mapper.ts';
import type { AccountsService } from './service.ts';

export function accountsRoutes(app: FastifyInstance, service: AccountsService): void {
  const limited = { config: authRateLimit(app) };

  registerRoute(app, authRoutes.signIn, ({ body, request }) => service.signIn(body, request.ip), limited);
  registerRoute(app, authRoutes.verifyOtp, ({ body, request }) => service.verifyOtp(body, request.ip), limited);
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
}
