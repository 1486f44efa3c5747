import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { type GeneratedReportFile, replaceGeneratedReport } from './generated-report-repository.ts';

/**
 * The PDFs of a generated report become the study's report resources (type 3), in the caller's
 * transaction (the report job's, which records its completion with them). Study resources are this
 * module's table; the reports module decides what the files are and says so in their attributes.
 */
export async function registerGeneratedReports(
  tx: DbOrTx,
  studyId: string,
  files: readonly GeneratedReportFile[],
): Promise<void> {
  const query = queryOn(tx);
  for (const file of files) await replaceGeneratedReport(query, studyId, file);
}
