import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  degradationReasons,
  deviceServices,
  devices,
  deviceVariants,
  interventions,
  rejectionReasons,
} from '../schema/index.ts';
import { CATALOGUE, DEGRADATION_REASONS, REJECTION_REASONS, SERVICE_NUMBER } from './catalogue-data.ts';

/**
 * The intervention and device catalogue every installation needs, applied at every start: rows are
 * keyed (prefix, device id, size, reason name), so a re-run updates names and adds what is new.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const intervention of CATALOGUE) {
      const [row] = await tx
        .insert(interventions)
        .values({
          prefix: intervention.prefix,
          name: intervention.name,
          variantLimit: intervention.variantLimit,
          trainingRequired: intervention.trainingRequired,
        })
        .onConflictDoUpdate({
          target: interventions.prefix,
          set: {
            name: intervention.name,
            variantLimit: intervention.variantLimit,
            trainingRequired: intervention.trainingRequired,
          },
        })
        .returning({ id: interventions.id });
      if (!row) throw new Error(`Intervention ${intervention.prefix} could not be stored`);
      if (intervention.trainingRequired) {
        await tx.execute(sql`
          INSERT INTO trainings (intervention_id, title)
          SELECT ${row.id}, ${`${intervention.name} (${intervention.prefix}) planning training`}
          WHERE NOT EXISTS (SELECT 1 FROM trainings WHERE intervention_id = ${row.id})`);
      }
      for (const device of intervention.devices) {
        await tx
          .insert(devices)
          .values({ id: device.id, interventionId: row.id, name: device.name, manufacturer: device.manufacturer })
          .onConflictDoUpdate({
            target: devices.id,
            set: { interventionId: row.id, name: device.name, manufacturer: device.manufacturer },
          });
        await tx
          .insert(deviceServices)
          .values(device.services.map((service) => ({ deviceId: device.id, service: SERVICE_NUMBER[service] })))
          .onConflictDoNothing();
        if (device.variants.length > 0) {
          await tx
            .insert(deviceVariants)
            .values(device.variants.map((name) => ({ deviceId: device.id, name })))
            .onConflictDoNothing();
        }
      }
    }
    await tx
      .insert(rejectionReasons)
      .values(REJECTION_REASONS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(degradationReasons)
      .values(DEGRADATION_REASONS.map((name) => ({ name })))
      .onConflictDoNothing();
  });
}
