export { inputDataKeys } from './api/input-data-keys.ts';
export { caseInputDataQueryOptions, useCaseInputData } from './api/list-input-data.ts';
export { CaseImagesSection } from './CaseImagesSection.tsx';
export { CaseUploadProvider } from './CaseUploadProvider.tsx';
export { DOWNLOAD_LABELS, DownloadInputDataButton } from './DownloadInputDataButton.tsx';
// The signed-URL transfer (whole or in retried parts) for other files than case images: one mechanism.
export { xhrPutBlob } from './engine/put-blob.ts';
export { sleep } from './engine/retry.ts';
export { transfer } from './engine/transfer.ts';
export {
  IMAGES_UPLOADED,
  NOT_A_ZIP_WARNING,
  PROCESSING_TAKES,
  tooSmallWarning,
  UPLOAD_CANCELLED,
  UPLOAD_FAILED,
} from './upload-messages.ts';
