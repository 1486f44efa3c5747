import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webAppUrl } from '../../mail/links.ts';
import { analysisReportInputs } from './analysis-report-inputs.ts';
import type { ReportInputs } from './report-inputs.ts';
import { reportRoutes } from './routes.ts';
import { createReportsService } from './service.ts';

export { analysisReportInputs } from './analysis-report-inputs.ts';
export { recordGeneratedReports } from './generated-reports.ts';
export { renderReport } from './pdf/render-report.ts';
export {
  analysisKeyOf,
  analysisVersionOf,
  buildReport,
  hasDeliveredAnalysis,
  hasReportableAnalysis,
  loadReportFacts,
} from './report-data.ts';
export {
  NO_REPORT_INPUTS,
  type ReportContent,
  type ReportFigure,
  type ReportFigureRef,
  type ReportInputs,
  type ReportResult,
} from './report-inputs.ts';
export type { ReportVariant } from './repository.ts';
export {
  type QueuedReportJob,
  type ReportContentChanged,
  reportContentChangedHook,
  requestReportRegeneration,
} from './service.ts';

/** The software version a report's footer names. */
export const SOFTWARE_VERSION = process.env.npm_package_version ?? '0.1.0';

/** Spec §4: `<case identifier>-report.pdf`. */
export const reportFilename = (caseIdentifier: string): string => `${caseIdentifier}-report.pdf`;

/**
 * The PDF report (issue 18): its config by study, generation as a job, the caller's report. `inputs`
 * brings the analysis results' figures and values (by default from the analyses module).
 */
export const reportsModule = fp(
  async function reportsModule(app: FastifyInstance, options: { inputs?: ReportInputs }) {
    reportRoutes(
      app,
      createReportsService(app.database, app.storage, {
        enqueue: (queue, jobId) => app.queue.send(queue, { jobId }),
        publicUrl: webAppUrl(app.config),
        inputs: options.inputs ?? analysisReportInputs({ storage: app.storage }),
      }),
    );
  },
  { name: 'reports', dependencies: ['auth', 'storage', 'queue'] },
);
