import { OrderStatus } from '@cardiomap/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices, orderDevices, orderDeviceVariants, orders } from '../../db/schema/index.ts';

export interface OrderRow {
  id: string;
  caseId: string;
  service: number;
  status: number;
  isInitial: boolean;
  isClinical: boolean;
  deviceIds: string[];
  deviceVariantIds: string[];
  dateCreated: Date;
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  // One after another: on a transaction's single connection concurrent queries only queue (pg deprecates them).
  const deviceRows = await db
    .select()
    .from(orderDevices)
    .where(eq(orderDevices.orderId, orderId))
    .orderBy(asc(orderDevices.position));
  const variantRows = await db.select().from(orderDeviceVariants).where(eq(orderDeviceVariants.orderId, orderId));
  return {
    id: row.id,
    caseId: row.caseId,
    service: row.service,
    status: row.status,
    isInitial: row.isInitial,
    isClinical: row.isClinical,
    deviceIds: deviceRows.map((d) => d.deviceId),
    deviceVariantIds: variantRows.map((v) => v.deviceVariantId),
    dateCreated: row.dateCreated,
  };
}

export interface NewOrder {
  caseId: string;
  service: number;
  isInitial: boolean;
  isClinical: boolean;
  deviceIds: readonly string[];
  deviceVariantIds: readonly string[];
}

export async function insertOrder(db: DbOrTx, order: NewOrder): Promise<string> {
  const [created] = await db
    .insert(orders)
    .values({ caseId: order.caseId, service: order.service, isInitial: order.isInitial, isClinical: order.isClinical })
    .returning({ id: orders.id });
  if (!created) throw new Error('order insert returned no row');
  await writeOrderDevices(db, created.id, order.deviceIds, order.deviceVariantIds);
  return created.id;
}

/** Replaces an order's devices and sizes, keeping the order the user chose them in. */
export async function replaceOrderDevices(
  db: DbOrTx,
  orderId: string,
  deviceIds: readonly string[],
  deviceVariantIds: readonly string[],
): Promise<void> {
  await db.delete(orderDevices).where(eq(orderDevices.orderId, orderId));
  await db.delete(orderDeviceVariants).where(eq(orderDeviceVariants.orderId, orderId));
  await writeOrderDevices(db, orderId, deviceIds, deviceVariantIds);
  await db.update(orders).set({ dateModified: new Date() }).where(eq(orders.id, orderId));
}

async function writeOrderDevices(
  db: DbOrTx,
  orderId: string,
  deviceIds: readonly string[],
  deviceVariantIds: readonly string[],
): Promise<void> {
  if (deviceIds.length > 0) {
    await db.insert(orderDevices).values(deviceIds.map((deviceId, position) => ({ orderId, deviceId, position })));
  }
  if (deviceVariantIds.length > 0) {
    await db
      .insert(orderDeviceVariants)
      .values(deviceVariantIds.map((deviceVariantId) => ({ orderId, deviceVariantId })));
  }
}

/** Persists an order transition only from the statuses it may leave: 0 rows means someone was first. */
export async function transitionOrder(
  db: DbOrTx,
  orderId: string,
  from: readonly number[],
  to: number,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: to, dateModified: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function setOrderClinical(db: DbOrTx, orderId: string, isClinical: boolean): Promise<void> {
  await db.update(orders).set({ isClinical, dateModified: new Date() }).where(eq(orders.id, orderId));
}

/** Moves the case's orders in one of the `from` statuses to `to` (a canceled or rejected case's open orders). */
export async function transitionOrdersOfCase(
  db: DbOrTx,
  caseId: string,
  from: readonly number[],
  to: number,
): Promise<void> {
  await db
    .update(orders)
    .set({ status: to, dateModified: new Date() })
    .where(and(eq(orders.caseId, caseId), inArray(orders.status, [...from])));
}

/** Devices named by the case's orders whose results were delivered at some point (delivered or obsoleted). */
export async function deliveredDevicesOfCase(db: DbOrTx, caseId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: devices.id, name: devices.name })
    .from(orderDevices)
    .innerJoin(orders, eq(orders.id, orderDevices.orderId))
    .innerJoin(devices, eq(devices.id, orderDevices.deviceId))
    .where(and(eq(orders.caseId, caseId), inArray(orders.status, [OrderStatus.DELIVERED, OrderStatus.OBSOLETED])));
}
