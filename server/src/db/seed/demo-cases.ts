import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { formatCaseIdentifier } from '@cardiomap/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  caseIdentifierCounters,
  cases,
  deliveries,
  deviceVariants,
  interventions,
  orderDevices,
  orderDeviceVariants,
  orders,
  organisations,
  rejectionReasons,
  users,
} from '../schema/index.ts';
import { CATALOGUE } from './catalogue-data.ts';

const DAY = 86_400_000;

interface DemoOrder {
  service: Service;
  status: OrderStatus;
  devices: readonly string[];
  /** Sizes by name, of the first device. */
  sizes?: readonly string[];
}

interface DemoCase {
  prefix: string;
  status: CaseStatus;
  patient: { identifier: string; sex: 'F' | 'M'; age: number };
  comment: string;
  /** Days from now: negative in the past. */
  createdDays: number;
  deliveryDays: number;
  orders: readonly DemoOrder[];
  analystComment?: string;
  /** A rejected case's reason, by name (catalogue-data.ts): it must agree with the analyst's comment. */
  rejectionReason?: string;
}

/** A case in every state a clinician meets, so the case list is not empty on a first start. */
const DEMO_CASES: readonly DemoCase[] = [
  {
    prefix: 'TAVI',
    status: CaseStatus.CREATED,
    patient: { identifier: 'DEMO-PAT-0001', sex: 'F', age: 82 },
    comment: 'Severe aortic stenosis, porcelain aorta. Please compare both valves.',
    createdDays: -1,
    deliveryDays: 6,
    orders: [
      {
        service: Service.ANATOMICAL,
        status: OrderStatus.IN_PROGRESS,
        devices: ['SAPIEN 3 Ultra RESILIA', 'Evolut FX+'],
      },
    ],
  },
  {
    prefix: 'LAAO',
    status: CaseStatus.IN_PROGRESS,
    patient: { identifier: 'DEMO-PAT-0002', sex: 'M', age: 74 },
    comment: 'Chicken-wing morphology on TEE.',
    createdDays: -3,
    deliveryDays: 2,
    orders: [
      { service: Service.ANATOMICAL, status: OrderStatus.IN_PROGRESS, devices: ['WATCHMAN FLX Pro'] },
      { service: Service.SIMULATION, status: OrderStatus.IN_PROGRESS, devices: ['WATCHMAN FLX Pro'], sizes: ['27'] },
    ],
  },
  {
    prefix: 'TAVI',
    status: CaseStatus.COMPLETED,
    patient: { identifier: 'DEMO-PAT-0003', sex: 'M', age: 79 },
    comment: '',
    createdDays: -12,
    deliveryDays: -7,
    orders: [
      { service: Service.ANATOMICAL, status: OrderStatus.DELIVERED, devices: ['SAPIEN 3'], sizes: ['23', '26'] },
    ],
  },
  {
    prefix: 'TAVI',
    status: CaseStatus.CANCELED,
    patient: { identifier: 'DEMO-PAT-0004', sex: 'F', age: 88 },
    comment: 'Patient declined the procedure.',
    createdDays: -9,
    deliveryDays: -4,
    orders: [{ service: Service.ANATOMICAL, status: OrderStatus.CANCELED, devices: ['Navitor'] }],
  },
  {
    prefix: 'TMVR',
    status: CaseStatus.REJECTED,
    patient: { identifier: 'DEMO-PAT-0005', sex: 'F', age: 71 },
    comment: '',
    createdDays: -6,
    deliveryDays: -1,
    orders: [{ service: Service.ANATOMICAL, status: OrderStatus.CANCELED, devices: ['Tendyne'] }],
    analystComment: 'The CT was acquired without contrast in the left ventricle; please send a contrast-enhanced scan.',
    rejectionReason: 'No contrast in the region of interest',
  },
];

const deviceId = (name: string): string => {
  const device = CATALOGUE.flatMap((i) => i.devices).find((d) => d.name === name);
  if (!device) throw new Error(`Demo device ${name} is not in the catalogue`);
  return device.id;
};

/**
 * Demo cases of Heart Valve Centre Rotterdam, created once on a database that has none of its cases yet
 * (later starts leave the organisation's cases alone). Only `npm start` seeds them: the tests make their own.
 */
export async function seedDemoCases(db: Db, now = new Date()): Promise<void> {
  const [hvc] = await db.select().from(organisations).where(eq(organisations.code, 'HVC'));
  const [physician] = await db.select().from(users).where(eq(users.email, 'physician@cardiomap.test'));
  if (!hvc || !physician) return;
  const [existing] = await db.select({ id: cases.id }).from(cases).where(eq(cases.organisationId, hvc.id)).limit(1);
  if (existing) return;
  const interventionRows = await db.select().from(interventions);
  const reasons = await db.select().from(rejectionReasons);
  const reasonId = (name: string | undefined) => {
    const reason = reasons.find((r) => r.name === name);
    if (!reason) throw new Error(`Demo rejection reason ${name} is not in the catalogue`);
    return reason.id;
  };

  await db.transaction(async (tx) => {
    for (const demo of DEMO_CASES) {
      const intervention = interventionRows.find((i) => i.prefix === demo.prefix);
      if (!intervention) throw new Error(`Intervention ${demo.prefix} is not seeded`);
      const [counter] = await tx
        .insert(caseIdentifierCounters)
        .values({ organisationId: hvc.id, interventionId: intervention.id, lastValue: 1 })
        .onConflictDoUpdate({
          target: [caseIdentifierCounters.organisationId, caseIdentifierCounters.interventionId],
          set: { lastValue: sql`${caseIdentifierCounters.lastValue} + 1` },
        })
        .returning();
      const created = new Date(now.getTime() + demo.createdDays * DAY);
      const finished = demo.status === CaseStatus.COMPLETED ? new Date(created.getTime() + 4 * DAY) : null;
      const [row] = await tx
        .insert(cases)
        .values({
          caseIdentifier: formatCaseIdentifier(hvc.code, intervention.prefix, counter?.lastValue ?? 1),
          status: demo.status,
          organisationId: hvc.id,
          interventionId: intervention.id,
          createdById: physician.id,
          caseResponsibleId: physician.id,
          patientIdentifier: demo.patient.identifier,
          patientAge: demo.patient.age,
          patientSex: demo.patient.sex,
          physicianComment: demo.comment,
          analystComment: demo.analystComment ?? '',
          rejectionReasonId: demo.status === CaseStatus.REJECTED ? reasonId(demo.rejectionReason) : null,
          imagingDate: new Date(created.getTime() - 2 * DAY),
          interventionDatetime: new Date(now.getTime() + (demo.deliveryDays + 3) * DAY),
          expectedDeliveryDatetime: new Date(now.getTime() + demo.deliveryDays * DAY),
          dateCreated: created,
          dateSubmitted: demo.status === CaseStatus.CREATED ? null : created,
          dateCompleted: finished,
          dateModified: finished ?? created,
        })
        .returning();
      if (!row) continue;
      for (const demoOrder of demo.orders) {
        const [order] = await tx
          .insert(orders)
          .values({
            caseId: row.id,
            service: demoOrder.service,
            status: demoOrder.status,
            isInitial: true,
            dateCreated: created,
          })
          .returning();
        if (!order) continue;
        await tx
          .insert(orderDevices)
          .values(
            demoOrder.devices.map((name, position) => ({ orderId: order.id, deviceId: deviceId(name), position })),
          );
        for (const size of demoOrder.sizes ?? []) {
          const firstDevice = deviceId(demoOrder.devices[0] ?? '');
          const [variant] = await tx
            .select()
            .from(deviceVariants)
            .where(and(eq(deviceVariants.deviceId, firstDevice), eq(deviceVariants.name, size)));
          if (variant) await tx.insert(orderDeviceVariants).values({ orderId: order.id, deviceVariantId: variant.id });
        }
        if (demoOrder.status === OrderStatus.DELIVERED) {
          await tx.insert(deliveries).values({ orderId: order.id, dateCreated: finished ?? created });
        }
      }
    }
  });
}
