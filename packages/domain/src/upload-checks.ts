/** Spec §9: a CT series zip below this is almost surely not the whole series. */
export const MIN_EXPECTED_UPLOAD_BYTES = 1_000_000;

/** Spec §5 "Upload" warnings, worded once. */
export const NOT_A_ZIP_WARNING = "This doesn't look like a zip file.";
export const tooSmallWarning = (bytes: number): string => `This file seems too small. (${Math.floor(bytes / 1000)} kB)`;

/**
 * Spec §5 "Upload": warnings shown before sending, which the user may override (Upload) or heed
 * (Cancel). They never block: a valid DICOM zip may be named oddly.
 */
export function uploadWarnings(file: { name: string; size: number }): string[] {
  const warnings: string[] = [];
  if (!file.name.toLowerCase().endsWith('.zip')) warnings.push(NOT_A_ZIP_WARNING);
  if (file.size < MIN_EXPECTED_UPLOAD_BYTES) warnings.push(tooSmallWarning(file.size));
  return warnings;
}
