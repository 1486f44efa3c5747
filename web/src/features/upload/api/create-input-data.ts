import { routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';
import type { UploadApi } from '../engine/upload-engine.ts';

/** POST input-data/: registers the upload and answers where to PUT it (in parts for large files). */
export const createInputData: UploadApi['createInputData'] = (body, signal) =>
  call(routes.createInputData, { body, signal });
