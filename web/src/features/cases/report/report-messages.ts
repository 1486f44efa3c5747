/** Spec §2: the report button's tooltip. */
export const DOWNLOAD_REPORT_TOOLTIP = 'Download the report.';
/** Spec §8: a download without a read URL. */
export const MISSING_REPORT_FILE = "File does not exists or you don't have permission to access it.";
export const GENERATE_REPORT = 'Generate report';
/** Issue 30 §6: "Generate report" when the reports of the current analysis version exist already. */
export const REPORT_UP_TO_DATE = 'The report is up to date: nothing changed since it was generated.';
