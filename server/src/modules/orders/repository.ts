import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cases, devices, deviceVariants, orderDevices, orderDeviceVariants, orders } from '../../db/schema/index.ts';

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
  const [deviceRows, variantRows] = await Promise.all([
    db.select().from(orderDevices).where(eq(orderDevices.orderId, orderId)).orderBy(asc(orderDevices.position)),
    db.select().from(orderDeviceVariants).where(eq(orderDeviceVariants.orderId, orderId)),
  ]);
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

/** Devices by id with their intervention and name (unknown ids are simply absent). */
export async function findDevices(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: devices.id, name: devices.name, interventionId: devices.interventionId })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
}

export async function findDeviceVariants(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: deviceVariants.id, deviceId: deviceVariants.deviceId })
    .from(deviceVariants)
    .where(inArray(deviceVariants.id, [...ids]));
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

export async function markOrderNonClinical(db: DbOrTx, orderId: string): Promise<void> {
  await db.update(orders).set({ isClinical: false, dateModified: new Date() }).where(eq(orders.id, orderId));
}

/** The statuses of a case's orders, read after this transaction's own writes. */
export async function orderStatusesOfCase(db: DbOrTx, caseId: string): Promise<{ id: string; status: number }[]> {
  return db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.caseId, caseId));
}

/** A case transition, only from the statuses the domain table allows. */
export async function transitionCase(
  db: DbOrTx,
  caseId: string,
  from: readonly number[],
  to: number,
  dateCompleted: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(cases)
    .set({ status: to, dateCompleted, dateModified: new Date() })
    .where(and(eq(cases.id, caseId), inArray(cases.status, [...from])))
    .returning({ id: cases.id });
  return rows.length > 0;
}
