import { NOT_A_ZIP_WARNING, tooSmallWarning } from './upload-messages.ts';

/** Spec §9: a CT series zip below this is almost surely not the whole series. */
export const MIN_EXPECTED_UPLOAD_BYTES = 1_000_000;

/**
 * Spec §5 "Upload": warnings shown before sending, which the user may override (Upload) or heed
 * (Cancel). They never block: a valid DICOM zip may be named oddly.
 */
export function uploadWarnings(file: Pick<File, 'name' | 'size'>): string[] {
  const warnings: string[] = [];
  if (!file.name.toLowerCase().endsWith('.zip')) warnings.push(NOT_A_ZIP_WARNING);
  if (file.size < MIN_EXPECTED_UPLOAD_BYTES) warnings.push(tooSmallWarning(file.size));
  return warnings;
}
