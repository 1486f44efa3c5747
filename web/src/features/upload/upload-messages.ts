/** Spec §8 upload messages and §5 warnings, worded once. */
export const UPLOAD_CANCELLED = 'Upload cancelled by user';
export const UPLOAD_FAILED = 'Upload failed! Please try again';
export const NOT_A_ZIP_WARNING = "This doesn't look like a zip file.";
export const tooSmallWarning = (bytes: number): string => `This file seems too small. (${Math.floor(bytes / 1000)} kB)`;
export const IMAGES_UPLOADED = 'Images uploaded!';
export const PROCESSING_TAKES = 'Processing usually takes 5-10 minutes.';
export const LEAVE_WHILE_UPLOADING = 'Your images are still uploading. Leaving this page cancels the upload.';
