import { accountPasswordRoutes } from './account-password.ts';
import { adminUserRoutes } from './admin-users.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { caseRoutes } from './cases.ts';
import { catalogueRoutes } from './catalogue.ts';
import { healthRoutes } from './health.ts';
import { imagingRoutes } from './imaging.ts';
import { licenceRoutes } from './licences.ts';
import { membershipRoutes } from './memberships.ts';
import { orderRoutes } from './orders.ts';
import { organisationRoutes } from './organisations.ts';
import { pageRoutes } from './pages.ts';
import { registrationRoutes } from './registration.ts';
import { reportRoutes } from './reports.ts';
import type { RouteDef } from './route.ts';
import { trainingRecordRoutes, trainingRoutes } from './trainings.ts';
import { accountRoutes } from './users.ts';
import { viewerRoutes } from './viewer-routes.ts';

/** Every endpoint of the API; the OpenAPI document is generated from this table. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...registrationRoutes,
  ...accountRoutes,
  ...accountPasswordRoutes,
  ...catalogueRoutes,
  ...trainingRoutes,
  ...licenceRoutes,
  ...trainingRecordRoutes,
  ...pageRoutes,
  ...auditRoutes,
  ...organisationRoutes,
  ...caseRoutes,
  ...adminUserRoutes,
  ...membershipRoutes,
  ...orderRoutes,
  ...imagingRoutes,
  ...viewerRoutes,
  ...reportRoutes,
} as const satisfies Record<string, RouteDef>;
export type RouteName = keyof typeof routes;
