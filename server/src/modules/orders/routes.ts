import { orderRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { DegradationService } from './degradation-service.ts';
import type { DeliveryService } from './delivery-service.ts';

export interface OrderServices {
  degradations: DegradationService;
  deliveries: DeliveryService;
}

export function orderRoutes(app: FastifyInstance, services: OrderServices): void {
  const { degradations, deliveries } = services;
  registerRoute(app, r.createDegradation, ({ actor, body, request }) => degradations.create(actor, body, request.ip), {
    status: 201,
  });
  registerRoute(
    app,
    r.createDelivery,
    ({ actor, body, request }) => deliveries.deliver(actor, body.orderId, request.ip),
    {
      status: 201,
    },
  );
  registerRoute(app, r.deleteDelivery, ({ actor, params, request }) =>
    deliveries.undeliver(actor, params.id, request.ip),
  );
  registerRoute(app, r.obsoleteDelivery, ({ actor, params, request }) =>
    deliveries.obsolete(actor, params.id, request.ip),
  );
}
