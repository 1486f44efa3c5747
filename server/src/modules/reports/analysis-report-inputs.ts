import type { ObjectStorage } from '../../storage/object-storage.ts';
import { listFiguresForReport, listResultsForReport, readFigurePng } from '../analyses/index.ts';
import type { ReportInputs } from './report-inputs.ts';

/**
 * The report's figures and analysis results, read from the analyses module (issue 17 §2): figures in
 * the order they were captured, with their PNGs, and the analysts' numeric results.
 */
export function analysisReportInputs(deps: { storage: ObjectStorage }): ReportInputs {
  return {
    async loadContent(db, studyId, options) {
      // One after another: `db` may be a transaction, whose connection runs one statement at a time.
      const figures = await listFiguresForReport(db, studyId);
      const results = await listResultsForReport(db, studyId, options);
      return {
        figures: figures.map((figure) => ({
          id: figure.id,
          caption: figure.caption,
          phaseLabel: figure.phaseLabel,
          storageKey: figure.storageKey,
        })),
        results,
      };
    },
    readFigure: (figure) => readFigurePng(deps.storage, figure.storageKey),
  };
}
