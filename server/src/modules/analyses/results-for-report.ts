import { type AnalysisType, SIMULATION_ANALYSIS_TYPES } from '@cardiomap/contract';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { allAnalysesOfStudy } from './repository.ts';

export interface ReportAnalysisResult {
  name: string;
  value: string | number;
  unit?: string;
}

/**
 * The analysts' numeric results of a study for its PDF report. The automatic preliminary model is left
 * out (its blood-pool volume is never reported beside an analyst's numbers, issue 17 §2), and so are
 * simulations (legacy and redo TAVI ones included) unless the report asks for them. Server-side only: the caller has checked access.
 */
export async function listResultsForReport(
  db: DbOrTx,
  studyId: string,
  options: { withSimulations: boolean },
): Promise<ReportAnalysisResult[]> {
  const analyses = await allAnalysesOfStudy(queryOn(db), studyId, true);
  return analyses
    .filter((analysis) => !analysis.isPreliminary)
    .filter((analysis) => options.withSimulations || !SIMULATION_ANALYSIS_TYPES.includes(analysis.type as AnalysisType))
    .flatMap((analysis) => analysis.results);
}
