/** Spec §8 upload messages and §5 warnings, worded once. */
export const UPLOAD_CANCELLED = 'Upload cancelled by user';
export const UPLOAD_FAILED = 'Upload failed! Please try again';
export { NOT_A_ZIP_WARNING, tooSmallWarning } from '@cardiomap/domain';
export const IMAGES_UPLOADED = 'Images uploaded!';
export const PROCESSING_TAKES = 'Processing usually takes 5-10 minutes.';
export const LEAVE_WHILE_UPLOADING = 'Your images are still uploading. Leaving this page cancels the upload.';
/** Spec §5: a download without a read URL. */
export const MISSING_FILE = "File does not exists or you don't have permission to access it.";
