import { orderRoutes as r } from '@cardiomap/contract';
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../../lib/client-address.ts';
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
  registerRoute(
    app,
    r.createOrder,
    ({ actor, body, request }) => orders.create(actor, body, clientAddress(request)),
    created,
  );
  registerRoute(
    app,
    r.duplicateOrder,
    ({ actor, params, request }) => orders.duplicate(actor, params.id, clientAddress(request)),
    created,
  );
  registerRoute(app, r.changeRequestedDevice, ({ actor, params, body, request }) =>
    orders.changeDevices(actor, params.id, body, clientAddress(request)),
  );
  registerRoute(
    app,
    r.createDegradation,
    ({ actor, body, request }) => degradations.create(actor, body, clientAddress(request)),
    created,
  );
  registerRoute(
    app,
    r.createDelivery,
    ({ actor, body, request }) => deliveries.deliver(actor, body, clientAddress(request)),
    created,
  );
  registerRoute(app, r.deleteDelivery, ({ actor, params, request }) =>
    deliveries.undeliver(actor, params.id, clientAddress(request)),
  );
  registerRoute(app, r.obsoleteDelivery, ({ actor, params, request }) =>
    deliveries.obsolete(actor, params.id, clientAddress(request)),
  );
}
