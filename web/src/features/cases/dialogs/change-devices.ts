import {
  type Case,
  type Device,
  type Order,
  OrderStatus,
  type Service,
  SIMULATION_SERVICES,
} from '@cardiomap/contract';
import type { DeviceChange } from '../api/change-requested-devices.ts';

/** Spec §9: a TAVI case without a simulation order (of any kind) allows several devices; otherwise one. */
export const allowsSeveralDevices = (kase: Case): boolean =>
  kase.intervention.prefix === 'TAVI' &&
  !kase.orders.some(
    (o) =>
      SIMULATION_SERVICES.includes(o.service as Service) &&
      (o.status === OrderStatus.IN_PROGRESS || o.status === OrderStatus.DELIVERED),
  );

/**
 * The PUT body for one order: a simulation names only the first device (spec §5), and each order keeps
 * only sizes of the devices it names.
 */
export function deviceChangeFor(
  order: Pick<Order, 'service'>,
  chosen: DeviceChange,
  devices: readonly Device[],
): DeviceChange {
  // A legacy simulation and a redo TAVI simulate one device too.
  const deviceIds = SIMULATION_SERVICES.includes(order.service as Service)
    ? chosen.deviceIds.slice(0, 1)
    : chosen.deviceIds;
  const sizes = new Set(devices.filter((d) => deviceIds.includes(d.id)).flatMap((d) => d.variants.map((v) => v.id)));
  return { deviceIds, deviceVariantIds: chosen.deviceVariantIds.filter((id) => sizes.has(id)) };
}
