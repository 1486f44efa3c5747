import type { Training, TrainingRecord } from '@cardiomap/contract';
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

/** Whether the user exists and, when `withinOrganisations` is given, belongs to one of them. */
export async function userVisible(
  database: Database,
  userId: string,
  withinOrganisations: string[] | null,
): Promise<boolean> {
  const scope = withinOrganisations
    ? sql`AND EXISTS (SELECT 1 FROM organisation_memberships m
                       WHERE m.user_id = u.id AND m.organisation_id = ANY(${sql.param(withinOrganisations)}::uuid[]))`
    : sql``;
  const rows = await queryOnPool(database)<{ id: string }>(
    sql`SELECT u.id FROM users u WHERE u.id = ${userId} ${scope}`,
  );
  return rows.length > 0;
}

/** A page of the user's training records, newest first (spec §3 Training record). */
export async function listTrainingRecords(
  database: Database,
  userId: string,
  window: { limit: number; offset: number },
): Promise<{ count: number; results: TrainingRecord[] }> {
  const query = queryOnPool(database);
  const [{ count } = { count: 0 }] = await query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM training_records WHERE user_id = ${userId}`,
  );
  const results = await query<TrainingRecord>(
    sql`SELECT tr.training_id AS "trainingId", tr.user_id AS "userId", t.title,
               i.prefix AS "interventionPrefix", i.name AS "interventionName", r.name AS "region",
               to_char(tr.date_completed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "dateCompleted"
          FROM training_records tr
          JOIN trainings t ON t.id = tr.training_id
          JOIN interventions i ON i.id = t.intervention_id
          LEFT JOIN regions r ON r.id = t.region_id
         WHERE tr.user_id = ${userId}
         ORDER BY tr.date_completed DESC, i.prefix
         LIMIT ${window.limit} OFFSET ${window.offset}`,
  );
  return { count, results };
}
