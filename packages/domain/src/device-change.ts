import { OrderStatus } from '@cardiomap/contract';
import type { Decision } from './case-status.ts';

export const ONLY_IN_PROGRESS_MESSAGE = 'Only analyses in progress can change devices.';
export const AMULET_LOCKED_MESSAGE = 'The Amulet device is locked: an analysis with it was already delivered.';

/** Spec §4: changing devices affects only IN_PROGRESS orders. */
export const orderDeviceChangeDecision = (order: { status: OrderStatus }): Decision =>
  order.status === OrderStatus.IN_PROGRESS ? { allowed: true } : { allowed: false, reason: ONLY_IN_PROGRESS_MESSAGE };

const isAmulet = (device: { name: string }) => /\bamulet\b/i.test(device.name);

/**
 * Spec §9: "an Amulet device in LAAO locks once delivered". Once results for an Amulet were delivered
 * on an LAAO case (the delivery may since have been obsoleted), its other analyses keep that device:
 * a change that drops it is refused. Other devices and interventions are free to change.
 */
export function amuletLockDecision(
  interventionPrefix: string,
  deliveredDevices: readonly { id: string; name: string }[],
  newDeviceIds: readonly string[],
): Decision {
  if (interventionPrefix !== 'LAAO') return { allowed: true };
  const dropped = deliveredDevices.filter((device) => isAmulet(device) && !newDeviceIds.includes(device.id));
  return dropped.length === 0 ? { allowed: true } : { allowed: false, reason: AMULET_LOCKED_MESSAGE };
}
