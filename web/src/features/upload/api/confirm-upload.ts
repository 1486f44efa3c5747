import { type InputData, routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';

/** GET input-data/{id}/confirm-upload/: the server checks the stored object and starts processing. */
export const confirmUpload = (id: string): Promise<InputData> => call(routes.confirmUpload, { params: { id } });
