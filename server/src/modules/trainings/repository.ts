import type { Training } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryOnPool } from '../../db/query.ts';

const trainingColumns = (userId: string) => sql`
  t.id, t.intervention_id AS "interventionId", i.prefix AS "interventionPrefix", i.name AS "interventionName",
  t.title, r.name AS "region", i.training_required AS "trainingRequired",
  EXISTS (SELECT 1 FROM training_records tr
    WHERE tr.training_id = t.id AND tr.user_id = ${userId}) AS "userFollowedTraining"`;

/** Trainings for all regions plus those of the organisation's region, in intervention order. */
export async function listTrainings(
  database: Database,
  userId: string,
  organisationId: string | null,
): Promise<Training[]> {
  return queryOnPool(database)<Training>(
    sql`SELECT ${trainingColumns(userId)}
       FROM trainings t
       JOIN interventions i ON i.id = t.intervention_id
       LEFT JOIN regions r ON r.id = t.region_id
      WHERE t.region_id IS NULL
         OR t.region_id = (SELECT region_id FROM organisations WHERE id = ${organisationId})
      ORDER BY i.prefix, t.title`,
  );
}

export async function findTraining(database: Database, userId: string, trainingId: string): Promise<Training | null> {
  const rows = await queryOnPool(database)<Training>(
    sql`SELECT ${trainingColumns(userId)}
       FROM trainings t
       JOIN interventions i ON i.id = t.intervention_id
       LEFT JOIN regions r ON r.id = t.region_id
      WHERE t.id = ${trainingId}`,
  );
  return rows[0] ?? null;
}

/** Idempotent: completing a training twice keeps the first completion date. */
export async function recordCompletion(database: Database, userId: string, trainingId: string): Promise<void> {
  await queryOnPool(database)(
    sql`INSERT INTO training_records (training_id, user_id) VALUES (${trainingId}, ${userId}) ON CONFLICT DO NOTHING`,
  );
}
