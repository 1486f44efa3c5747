import { type Case, type Device, type Order, OrderStatus, Service } from '@cardiomap/contract';
import type { DeviceChange } from '../api/change-requested-devices.ts';

/** Spec §9: a TAVI case without a simulation order allows several devices; otherwise one. */
export const allowsSeveralDevices = (kase: Case): boolean =>
  kase.intervention.prefix === 'TAVI' &&
  !kase.orders.some(
    (o) =>
      o.service === Service.SIMULATION && (o.status === OrderStatus.IN_PROGRESS || o.status === OrderStatus.DELIVERED),
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
  const deviceIds = order.service === Service.SIMULATION ? chosen.deviceIds.slice(0, 1) : chosen.deviceIds;
  const sizes = new Set(devices.filter((d) => deviceIds.includes(d.id)).flatMap((d) => d.variants.map((v) => v.id)));
  return { deviceIds, deviceVariantIds: chosen.deviceVariantIds.filter((id) => sizes.has(id)) };
}
