import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { deviceAccesses, organisations, trainingRecords, trainings, trialLicenses, users } from '../schema/index.ts';
import { CATALOGUE, SERVICE_NUMBER, type ServiceName } from './catalogue-data.ts';

/** The one demo user who has not followed the required trainings (the training banner's demo). */
export const TRAINEE_EMAIL = 'trainee-physician@cardiomap.test';

interface DemoLicence {
  organisationCode: string;
  prefixes: readonly string[];
  /** Services to license where the device supports them. */
  services: readonly ServiceName[];
  isClinical: boolean;
  /** A trial licence with this case limit, instead of a permanent one. */
  trialLimit?: number;
}

/**
 * HVC holds clinical licences for everything (legacy simulation and redo TAVI included), BHI a non-clinical TAVI/LAAO trial of 3 cases, MHA clinical
 * TAVI anatomical analyses only, and NCL nothing at all (the licence message's demo).
 */
const DEMO_LICENCES: readonly DemoLicence[] = [
  {
    organisationCode: 'HVC',
    prefixes: ['TAVI', 'LAAO', 'TMVR', 'TPVR', 'TTVR', 'NV'],
    services: ['anatomical', 'simulation', 'legacy', 'redoTavi'],
    isClinical: true,
  },
  { organisationCode: 'BHI', prefixes: ['TAVI', 'LAAO'], services: ['anatomical'], isClinical: false, trialLimit: 3 },
  { organisationCode: 'MHA', prefixes: ['TAVI'], services: ['anatomical'], isClinical: true },
];

/** Demo licences and training records, idempotent at every start. */
export async function seedDemoLicences(db: Db, options: { trainedEmails: readonly string[] }): Promise<void> {
  const orgs = await db.select({ id: organisations.id, code: organisations.code }).from(organisations);
  for (const licence of DEMO_LICENCES) {
    const org = orgs.find((o) => o.code === licence.organisationCode);
    if (!org) throw new Error(`Demo organisation ${licence.organisationCode} is missing`);
    let trialId: string | null = null;
    if (licence.trialLimit !== undefined) {
      const [existing] = await db.select().from(trialLicenses).where(eq(trialLicenses.organisationId, org.id));
      trialId =
        existing?.id ??
        (await db.insert(trialLicenses).values({ organisationId: org.id, limit: licence.trialLimit }).returning())[0]
          ?.id ??
        null;
    }
    const rows = CATALOGUE.filter((i) => licence.prefixes.includes(i.prefix)).flatMap((intervention) =>
      intervention.devices.flatMap((device) =>
        licence.services
          .filter((service) => device.services.includes(service))
          .map((service) => ({
            organisationId: org.id,
            deviceId: device.id,
            service: SERVICE_NUMBER[service],
            isClinical: licence.isClinical,
            trialId,
          })),
      ),
    );
    if (rows.length > 0) await db.insert(deviceAccesses).values(rows).onConflictDoNothing();
  }

  // The demo users have followed every training, except the trainee (never real users: only these e-mails).
  const trained = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...options.trainedEmails]));
  if (trained.length === 0) return;
  await db
    .insert(trainingRecords)
    .select(
      db
        .select({ trainingId: trainings.id, userId: users.id, dateCompleted: sql`now()`.as('date_completed') })
        .from(trainings)
        .crossJoin(users)
        .where(
          inArray(
            users.id,
            trained.map((u) => u.id),
          ),
        ),
    )
    .onConflictDoNothing();
}
