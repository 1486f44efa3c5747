import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  degradationReasons,
  deviceAccesses,
  deviceServices,
  devices,
  deviceVariants,
  interventions,
  rejectionReasons,
} from '../../db/schema/index.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';

/** Variant names are numbers ('20', '21.5'): sort them as numbers, never as text. */
const byNumericName = sql`${deviceVariants.name}::numeric`;

export async function listInterventions(db: DbOrTx, page: PageRequest) {
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select().from(interventions).orderBy(asc(interventions.name)).limit(limit).offset(offset),
    db.select({ n: count() }).from(interventions),
  ]);
  const deviceRows = rows.length
    ? await db
        .select({ id: devices.id, interventionId: devices.interventionId })
        .from(devices)
        .where(
          inArray(
            devices.interventionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(devices.name))
    : [];
  return {
    count: total?.n ?? 0,
    rows: rows.map((row) => ({
      ...row,
      deviceIds: deviceRows.filter((d) => d.interventionId === row.id).map((d) => d.id),
    })),
  };
}

export async function listDevices(
  db: DbOrTx,
  filter: { interventionId?: string; organisationId: string | null },
  page: PageRequest,
) {
  const { limit, offset } = pageWindow(page);
  const where = filter.interventionId ? eq(devices.interventionId, filter.interventionId) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(devices).where(where).orderBy(asc(devices.name)).limit(limit).offset(offset),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { count: total?.n ?? 0, rows: [] };
  const [variants, supported, accesses] = await Promise.all([
    db.select().from(deviceVariants).where(inArray(deviceVariants.deviceId, ids)).orderBy(byNumericName),
    db.select().from(deviceServices).where(inArray(deviceServices.deviceId, ids)),
    filter.organisationId
      ? db
          .select()
          .from(deviceAccesses)
          .where(
            sql`${deviceAccesses.organisationId} = ${filter.organisationId} AND ${inArray(deviceAccesses.deviceId, ids)}`,
          )
      : Promise.resolve([]),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map((device) => ({
      ...device,
      variants: variants
        .filter((v) => v.deviceId === device.id)
        .map((v) => ({ id: v.id, name: v.name, deviceId: v.deviceId })),
      // A licence counts only for a service the device supports at all.
      services: accesses
        .filter((a) => a.deviceId === device.id)
        .filter((a) => supported.some((s) => s.deviceId === device.id && s.service === a.service))
        .map((a) => ({ service: a.service, isClinical: a.isClinical }))
        .sort((a, b) => a.service - b.service),
    })),
  };
}

export async function listDeviceVariants(db: DbOrTx, filter: { deviceId?: string }, page: PageRequest) {
  const { limit, offset } = pageWindow(page);
  const where = filter.deviceId ? eq(deviceVariants.deviceId, filter.deviceId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: deviceVariants.id, name: deviceVariants.name, deviceId: deviceVariants.deviceId })
      .from(deviceVariants)
      .where(where)
      .orderBy(asc(deviceVariants.deviceId), byNumericName)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(deviceVariants).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function listReasons(db: DbOrTx, kind: 'rejection' | 'degradation', page: PageRequest) {
  const table = kind === 'rejection' ? rejectionReasons : degradationReasons;
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select().from(table).orderBy(asc(table.name)).limit(limit).offset(offset),
    db.select({ n: count() }).from(table),
  ]);
  return { count: total?.n ?? 0, rows };
}
