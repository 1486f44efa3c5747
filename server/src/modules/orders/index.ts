import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import type { CaseSide } from './case-side.ts';
import { createDegradationService } from './degradation-service.ts';
import { createDeliveryService } from './delivery-service.ts';
import { createOrderService } from './order-service.ts';
import { orderRoutes } from './routes.ts';

export {
  cancelOpenOrders,
  checkFirstOrders,
  type FirstOrdersCheck,
  placeFirstOrders,
  refuseFullTrial,
} from './case-orders.ts';
export type { CaseSide } from './case-side.ts';

/**
 * Orders of a case and what happens to their results: degradations, deliveries (spec §4, §7 "Cases").
 * `cases` is what orders needs of modules/cases, which imports this module (app.ts hands it over).
 */
export const ordersModule = fp(
  async function ordersModule(app: FastifyInstance, options: { cases: CaseSide }) {
    orderRoutes(app, {
      orders: createOrderService(app.database, options.cases),
      degradations: createDegradationService(app.database),
      deliveries: createDeliveryService(
        app.database,
        { baseUrl: webAppUrl(app.config), dispatch: (ids) => app.dispatchMail(ids) },
        (queue, jobId) => app.queue.send(queue, { jobId }),
        options.cases,
      ),
    });
  },
  { name: 'orders', dependencies: ['auth', 'cases', 'queue', 'mail-outbox'] },
);
