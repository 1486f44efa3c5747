/** Spec §9: a CT series zip below this is almost surely not the whole series. */
export const MIN_EXPECTED_UPLOAD_BYTES = 1_000_000;

/** Spec §5 "Upload" warnings, worded once. */
export const NOT_A_ZIP_WARNING = "This doesn't look like a zip file.";
export const tooSmallWarning = (bytes: number): string => `This file seems too small. (${Math.floor(bytes / 1000)} kB)`;
export const otherCaseWarning = (caseIdentifier: string): string =>
  `This file's name does not contain the case id ${caseIdentifier}. Make sure these are the images of this case.`;

/** Spec §5 "Upload": a file name matches a case id if it contains it, case-insensitive. */
export const fileNameMatchesCase = (fileName: string, caseIdentifier: string): boolean =>
  fileName.toLowerCase().includes(caseIdentifier.toLowerCase());

/**
 * Spec §5 "Upload": warnings shown before sending, which the user may override (Upload) or heed
 * (Cancel). They never block: a valid DICOM zip may be named oddly. A name that does not match the
 * case's id is one of them (issue 30): the spec names the match but not what it drives, and sending
 * another patient's images to a case is the mistake it can catch before the upload, not after ingest.
 */
export function uploadWarnings(file: { name: string; size: number }, caseIdentifier: string): string[] {
  const warnings: string[] = [];
  if (!file.name.toLowerCase().endsWith('.zip')) warnings.push(NOT_A_ZIP_WARNING);
  if (file.size < MIN_EXPECTED_UPLOAD_BYTES) warnings.push(tooSmallWarning(file.size));
  if (!fileNameMatchesCase(file.name, caseIdentifier)) warnings.push(otherCaseWarning(caseIdentifier));
  return warnings;
}
