/** A figure of the analysis as the report shows it: the image (PNG) and its caption. */
export interface ReportFigure {
  caption: string;
  png: Buffer;
}

/** A numeric (or text) result of the analysis, as the Details tab lists it. */
export interface ReportResult {
  name: string;
  value: string | number;
  unit?: string;
}

/**
 * Where the report's figures and analysis results come from: an input port, because they are made by
 * another module (analyses; wired by `analysisReportInputs`). Tests may pass their own.
 */
export interface ReportInputs {
  loadFigures(studyId: string, options: { withSimulations: boolean }): Promise<ReportFigure[]>;
  loadResults(studyId: string, options: { withSimulations: boolean }): Promise<ReportResult[]>;
}

export const NO_REPORT_INPUTS: ReportInputs = {
  loadFigures: async () => [],
  loadResults: async () => [],
};
