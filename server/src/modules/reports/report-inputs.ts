import type { DbOrTx } from '../../db/client.ts';

/** A figure of the analysis as the report shows it: the image (PNG) and its caption. */
export interface ReportFigure {
  caption: string;
  /** The cardiac phase it shows (issue 28); null when not recorded. */
  phaseLabel: string | null;
  png: Buffer;
}

/** A figure as listed, before its PNG is read: what the report's analysis key is made of. */
export interface ReportFigureRef {
  id: string;
  caption: string;
  /** The cardiac phase it shows, recorded when it was registered; absent or null: not recorded. */
  phaseLabel?: string | null;
  /** Where `readFigure` finds the PNG; opaque to the report. */
  storageKey: string;
}

/** A numeric (or text) result of the analysis, as the Details tab lists it. */
export interface ReportResult {
  name: string;
  value: string | number;
  unit?: string;
}

/** The analysis content besides landmarks that the report shows: figures (not yet read) and results. */
export interface ReportContent {
  figures: ReportFigureRef[];
  results: ReportResult[];
}

/**
 * Where the report's figures and analysis results come from: an input port, because they are made by
 * another module (analyses; wired by `analysisReportInputs`). Listing is cheap and runs on the caller's
 * connection or transaction (`db`), so the analysis key can include it; reading a PNG is separate.
 * Tests may pass their own.
 */
export interface ReportInputs {
  loadContent(db: DbOrTx, studyId: string, options: { withSimulations: boolean }): Promise<ReportContent>;
  readFigure(figure: ReportFigureRef): Promise<Buffer>;
}

export const NO_REPORT_INPUTS: ReportInputs = {
  loadContent: async () => ({ figures: [], results: [] }),
  readFigure: async () => Buffer.alloc(0),
};
