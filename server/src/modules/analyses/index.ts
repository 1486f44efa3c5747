import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentChanged } from './content-changed.ts';
import { createAnalysisResourcesService } from './resources-service.ts';
import { analysisResourceRoutes, analysisRoutes } from './routes.ts';
import { createAnalysesService } from './service.ts';

export {
  ANALYSIS_NOT_FOUND,
  assertNotCanceled,
  assertNotPreliminary,
  findVisibleAnalysis,
  PRELIMINARY_ANALYSIS_FIXED,
  seesAnalysesOf,
  seesUnpublishedLandmarks,
} from './access.ts';
export {
  attachToOrder,
  removePreliminaryAnalysis,
  replacePreliminaryAnalysis,
} from './analysis-use-cases.ts';
export { type ContentChanged, IGNORE_CONTENT_CHANGES } from './content-changed.ts';
export { listFiguresForReport, type ReportFigure, readFigurePng } from './figures-for-report.ts';
export { PRELIMINARY_ANALYSIS_NAME, type PreliminaryModel } from './preliminary-repository.ts';
export { presentAnalysis, presentAnalysisResource } from './presenter.ts';
export { listStudyAnalyses, listStudyAnalysisResources } from './read-api.ts';
export { listResultsForReport, type ReportAnalysisResult } from './results-for-report.ts';

/** Analyses and analysis resources (spec §7 analyses/, analysis-resources/). */
export const analysesModule = fp(
  async function analysesModule(app: FastifyInstance, options: { contentChanged?: ContentChanged }) {
    analysisRoutes(app, createAnalysesService(app.database, app.storage, options.contentChanged));
    analysisResourceRoutes(app, createAnalysisResourcesService(app.database, app.storage, options.contentChanged));
  },
  { name: 'analyses', dependencies: ['auth', 'storage'] },
);
