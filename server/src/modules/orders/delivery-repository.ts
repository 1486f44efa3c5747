import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyses, degradationReasons, degradations, deliveries, orders, studies } from '../../db/schema/index.ts';

export interface DeliveryRow {
  id: string;
  orderId: string;
  isObsoleted: boolean;
  dateCreated: Date;
}

export async function findDelivery(db: DbOrTx, deliveryId: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select({
      id: deliveries.id,
      orderId: deliveries.orderId,
      isObsoleted: deliveries.isObsoleted,
      dateCreated: deliveries.dateCreated,
    })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  return row ?? null;
}

export async function insertDelivery(db: DbOrTx, orderId: string, createdById: string): Promise<DeliveryRow> {
  const [row] = await db.insert(deliveries).values({ orderId, createdById }).returning();
  if (!row) throw new Error('delivery insert returned no row');
  return row;
}

export async function deleteDelivery(db: DbOrTx, deliveryId: string): Promise<void> {
  await db.delete(deliveries).where(eq(deliveries.id, deliveryId));
}

export async function markDeliveryObsoleted(db: DbOrTx, deliveryId: string): Promise<DeliveryRow> {
  const [row] = await db.update(deliveries).set({ isObsoleted: true }).where(eq(deliveries.id, deliveryId)).returning();
  if (!row) throw new Error('delivery update returned no row');
  return row;
}

export async function degradationReasonExists(db: DbOrTx, reasonId: string): Promise<boolean> {
  const rows = await db
    .select({ id: degradationReasons.id })
    .from(degradationReasons)
    .where(eq(degradationReasons.id, reasonId));
  return rows.length > 0;
}

/** One degradation per order: the unique index decides between concurrent requests (null = already one). */
export async function insertDegradation(
  db: DbOrTx,
  values: { orderId: string; reasonId: string | null; remark: string; createdById: string },
) {
  const [row] = await db
    .insert(degradations)
    .values(values)
    .onConflictDoNothing({ target: degradations.orderId })
    .returning();
  return row ?? null;
}

export async function hasDegradation(db: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await db.select({ id: degradations.id }).from(degradations).where(eq(degradations.orderId, orderId));
  return rows.length > 0;
}

/** An analysis of the case's study, with the order it is attached to (and that order's status). */
export async function findAnalysisOfCase(db: DbOrTx, analysisId: string, caseId: string) {
  const [row] = await db
    .select({
      id: analyses.id,
      isPreliminary: analyses.isPreliminary,
      orderId: analyses.orderId,
      orderStatus: orders.status,
    })
    .from(analyses)
    .innerJoin(studies, eq(studies.id, analyses.studyId))
    .leftJoin(orders, eq(orders.id, analyses.orderId))
    .where(and(eq(analyses.id, analysisId), eq(studies.caseId, caseId)));
  return row ?? null;
}
