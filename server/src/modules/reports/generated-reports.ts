import type { DbOrTx } from '../../db/client.ts';
import { registerGeneratedReports } from '../studies/index.ts';
import type { ReportVariant } from './repository.ts';

/** What a generated report resource records about itself (study_resources.attributes; read by `generatedReports`). */
export interface GeneratedReportAttributes {
  generated: true;
  /** 'identified' carries patient details and is served only to who may see them. */
  variant: ReportVariant;
  analysisKey: string;
  analysisVersion: number;
  jobId: string;
}

/**
 * One version of the report, its PDFs already in storage, becomes the study's report resources in the
 * report job's transaction. Reports say what each file is (analysis version, level of patient detail);
 * the rows are the studies module's.
 */
export function recordGeneratedReports(
  tx: DbOrTx,
  version: {
    studyId: string;
    jobId: string;
    filename: string;
    analysisKey: string;
    analysisVersion: number;
    sourceVersion: string;
    files: readonly { variant: ReportVariant; storageKey: string; size: number }[];
  },
): Promise<void> {
  const { studyId, jobId, filename, analysisKey, analysisVersion, sourceVersion } = version;
  return registerGeneratedReports(
    tx,
    studyId,
    version.files.map((file) => {
      const attributes: GeneratedReportAttributes = {
        generated: true,
        variant: file.variant,
        analysisKey,
        analysisVersion,
        jobId,
      };
      return { filename, storageKey: file.storageKey, size: file.size, sourceVersion, attributes };
    }),
  );
}
