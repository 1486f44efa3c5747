import { authRoutes } from './auth.ts';
import { catalogueRoutes } from './catalogue.ts';
import { healthRoutes } from './health.ts';
import type { RouteDef } from './route.ts';
import { trainingRoutes } from './trainings.ts';
import { accountRoutes } from './users.ts';

/** Every endpoint of the API; the OpenAPI document is generated from this table. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...catalogueRoutes,
  ...trainingRoutes,
} as const satisfies Record<string, RouteDef>;
export type RouteName = keyof typeof routes;
