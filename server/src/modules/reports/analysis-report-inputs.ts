import type { DbOrTx } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { listFiguresForReport, listResultsForReport, readFigurePng } from '../analyses/index.ts';
import type { ReportInputs } from './report-inputs.ts';

/**
 * The report's figures and analysis results, read from the analyses module (issue 17 §2): figures in
 * the order they were captured, with their PNGs, and the analysts' numeric results.
 */
export function analysisReportInputs(deps: { db: DbOrTx; storage: ObjectStorage }): ReportInputs {
  return {
    async loadFigures(studyId) {
      const figures = await listFiguresForReport(deps.db, studyId);
      return Promise.all(
        figures.map(async (figure) => ({
          caption: figure.caption,
          png: await readFigurePng(deps.storage, figure.storageKey),
        })),
      );
    },
    loadResults: (studyId, options) => listResultsForReport(deps.db, studyId, options),
  };
}
