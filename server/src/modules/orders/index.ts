import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import { createDegradationService } from './degradation-service.ts';
import { createDeliveryService } from './delivery-service.ts';
import { createOrderService } from './order-service.ts';
import { orderRoutes } from './routes.ts';

/** Orders of a case and what happens to their results: degradations, deliveries (spec §4, §7 "Cases"). */
export const ordersModule = fp(
  async function ordersModule(app: FastifyInstance) {
    orderRoutes(app, {
      orders: createOrderService(app.database),
      degradations: createDegradationService(app.database),
      deliveries: createDeliveryService(
        app.database,
        { baseUrl: webAppUrl(app.config), dispatch: (ids) => app.dispatchMail(ids) },
        (queue, jobId) => app.queue.send(queue, { jobId }),
      ),
    });
  },
  { name: 'orders', dependencies: ['auth', 'cases', 'queue', 'mail-outbox'] },
);
