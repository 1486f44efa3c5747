import { orderRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { DegradationService } from './degradation-service.ts';
import type { DeliveryService } from './delivery-service.ts';
import type { OrderService } from './order-service.ts';

export interface OrderServices {
  orders: OrderService;
  degradations: DegradationService;
  deliveries: DeliveryService;
}

export function orderRoutes(app: FastifyInstance, services: OrderServices): void {
  const { orders, degradations, deliveries } = services;
  const created = { status: 201 };
  registerRoute(app, r.createOrder, ({ actor, body, request }) => orders.create(actor, body, request.ip), created);
  registerRoute(
    app,
    r.duplicateOrder,
    ({ actor, params, request }) => orders.duplicate(actor, params.id, request.ip),
    created,
  );
  registerRoute(app, r.changeRequestedDevice, ({ actor, params, body, request }) =>
    orders.changeDevices(actor, params.id, body, request.ip),
  );
  registerRoute(
    app,
    r.createDegradation,
    ({ actor, body, request }) => degradations.create(actor, body, request.ip),
    created,
  );
  registerRoute(
    app,
    r.createDelivery,
    ({ actor, body, request }) => deliveries.deliver(actor, body, request.ip),
    created,
  );
  registerRoute(app, r.deleteDelivery, ({ actor, params, request }) =>
    deliveries.undeliver(actor, params.id, request.ip),
  );
  registerRoute(app, r.obsoleteDelivery, ({ actor, params, request }) =>
    deliveries.obsolete(actor, params.id, request.ip),
  );
}
