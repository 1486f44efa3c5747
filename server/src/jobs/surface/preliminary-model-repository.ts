import { StudyResourceType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

export interface CaseVolume {
  status: number;
  studyId: string | null;
  volumeKey: string | null;
  volumeSize: number | null;
  /** The default cardiac phase the volume is (issue 28); label null: a volume stored before phases. */
  phaseId: string | null;
  phaseLabel: string | null;
}

/** The case's status and its default phase's volume (study resource type 2), if ingest made one. */
export async function findCaseVolume(query: Query, caseId: string): Promise<CaseVolume | undefined> {
  const [row] = await query<CaseVolume>(
    sql`SELECT c.status, s.id AS "studyId", r.storage_key AS "volumeKey", r.size::float8 AS "volumeSize",
            r.id AS "phaseId", r.phase_label AS "phaseLabel"
       FROM cases c
       LEFT JOIN studies s ON s.case_id = c.id
       LEFT JOIN study_resources r ON r.study_id = s.id AND r.type = ${StudyResourceType.DICOM_VOLUME}
                                  AND r.is_default_phase
      WHERE c.id = ${caseId}`,
  );
  return row;
}
