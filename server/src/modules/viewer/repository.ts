import { OrderStatus } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';
import { listPhases, type PhaseRow } from '../studies/index.ts';

/** The study's volumes (type 2), one per cardiac phase in cardiac order, and the warnings their ingest left. */
export interface VolumesRow {
  phases: PhaseRow[];
  imageWarnings: string[];
}

export async function findVolumes(query: Query, studyId: string): Promise<VolumesRow> {
  const [phases, warnings] = await Promise.all([
    listPhases(query, studyId),
    query<{ warnings: string[] }>(
      // Every phase comes from the same upload: the default phase's names it.
      sql`SELECT COALESCE(d.warnings, '[]'::jsonb) AS warnings
         FROM study_resources r JOIN input_data d ON d.id = r.input_data_id
        WHERE r.study_id = ${studyId} AND r.type = 2 ORDER BY r.is_default_phase DESC, r.phase_index LIMIT 1`,
    ),
  ]);
  return { phases, imageWarnings: warnings[0]?.warnings ?? [] };
}

/** What the viewer's header and warnings say about the case: intervention, devices, non-clinical orders (canceled orders left out). */
export interface CaseHeaderRow {
  interventionName: string;
  deviceNames: string[];
  orders: { isClinical: boolean; remark: string | null }[];
}

export async function findCaseHeader(query: Query, caseId: string): Promise<CaseHeaderRow> {
  const [row] = await query<CaseHeaderRow>(
    sql`SELECT i.name AS "interventionName",
            COALESCE((SELECT json_agg(name ORDER BY first_at, name) FROM (
                        SELECT d.name, min(o.date_created) AS first_at
                          FROM orders o JOIN order_devices od ON od.order_id = o.id JOIN devices d ON d.id = od.device_id
                         WHERE o.case_id = c.id
                           AND o.status <> ${OrderStatus.CANCELED} GROUP BY d.name) names),
                           '[]'::json) AS "deviceNames",
            COALESCE((SELECT json_agg(json_build_object('isClinical', o.is_clinical, 'remark', g.remark)
                                      ORDER BY o.date_created, o.id)
                        FROM orders o LEFT JOIN degradations g ON g.order_id = o.id
                       WHERE o.case_id = c.id AND o.status <> ${OrderStatus.CANCELED}), '[]'::json) AS orders
       FROM cases c JOIN interventions i ON i.id = c.intervention_id
      WHERE c.id = ${caseId}`,
  );
  if (!row) throw new Error(`Case ${caseId} vanished`);
  return row;
}
