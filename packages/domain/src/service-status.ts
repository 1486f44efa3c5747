import { CaseStatus, OrderStatus, type Service, ServiceStatus } from '@cardiomap/contract';

/**
 * Spec §4 "Service status" for one service's orders, rule by rule in the spec's order. Obsoleted orders
 * are superseded ones: they count only when nothing else is left (all obsoleted gives obsoleted).
 */
export function serviceStatus(orders: readonly { status: OrderStatus }[], caseStatus: CaseStatus): ServiceStatus {
  if (orders.length === 0) return ServiceStatus.UNKNOWN;
  if (orders.every((o) => o.status === OrderStatus.OBSOLETED)) return ServiceStatus.OBSOLETED;
  const current = orders.filter((o) => o.status !== OrderStatus.OBSOLETED);
  if (current.some((o) => o.status === OrderStatus.CANCELED)) return ServiceStatus.CANCELED;
  const delivered = current.some((o) => o.status === OrderStatus.DELIVERED);
  const inProgress = current.some((o) => o.status === OrderStatus.IN_PROGRESS);
  if (delivered && inProgress) return ServiceStatus.UNDER_EVALUATION;
  if (delivered) return ServiceStatus.DELIVERED;
  if (inProgress) {
    return caseStatus === CaseStatus.IN_PROGRESS ? ServiceStatus.UNDER_EVALUATION : ServiceStatus.AWAITING_INPUT_DATA;
  }
  return ServiceStatus.UNKNOWN;
}

/** The services of a case (spec §3 "services"): one entry per ordered service, in service order. */
export function caseServices(
  orders: readonly { service: Service; status: OrderStatus }[],
  caseStatus: CaseStatus,
): { service: Service; status: ServiceStatus }[] {
  const services = [...new Set(orders.map((o) => o.service))].sort((a, b) => a - b);
  return services.map((service) => ({
    service,
    status: serviceStatus(
      orders.filter((o) => o.service === service),
      caseStatus,
    ),
  }));
}
