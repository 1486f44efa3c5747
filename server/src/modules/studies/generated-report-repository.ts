import { StudyResourceType } from '@cardiomap/contract';
import { sql } from 'drizzle-orm';
import type { Query } from '../../db/query.ts';

/** A PDF the report job made, already in storage. `jobId` and `variant` key it among the study's reports. */
export interface GeneratedReportFile {
  filename: string;
  storageKey: string;
  size: number;
  sourceVersion: string;
  /** What the reports module records about it (stored whole); studies read only these two keys. */
  attributes: { jobId: string; variant: string };
}

/**
 * Registers a generated PDF as a report resource. Keyed by job and variant: a run repeated after a crash
 * replaces its own row instead of adding a second one.
 */
export async function replaceGeneratedReport(query: Query, studyId: string, file: GeneratedReportFile): Promise<void> {
  await query(
    sql`DELETE FROM study_resources WHERE study_id = ${studyId} AND type = ${StudyResourceType.PDF_REPORT}
          AND attributes->>'jobId' = ${file.attributes.jobId} AND attributes->>'variant' = ${file.attributes.variant}`,
  );
  await query(
    sql`INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes,
                                     source_version, source_client)
        VALUES (${studyId}, ${StudyResourceType.PDF_REPORT}, 'PDF report', ${file.filename}, 'application/pdf',
                ${file.storageKey}, ${file.size}, ${JSON.stringify(file.attributes)}::jsonb, ${file.sourceVersion},
                'cardiomap-server')`,
  );
}
