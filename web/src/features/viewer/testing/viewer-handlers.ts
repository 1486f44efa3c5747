import { routes } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { apiHandler } from '../../../testing/api-handler.ts';
import { storageHandler } from '../../../testing/storage-handler.ts';
import { VOLUME_URL } from './viewer-fixtures.ts';

/**
 * What a viewer page asks for besides its load, answered as tests with stand-in views need it: the
 * Details tab's sizing reads the case's ordered devices (only what it reads is answered), and the MPR
 * route starts the volume's download, which stand-in panes never read (an empty file).
 */
export const viewerSideHandlers = () => [
  apiHandler(routes.getCase, () => HttpResponse.json({ devices: [] })),
  storageHandler('GET', `*${VOLUME_URL}`, () => HttpResponse.arrayBuffer(new ArrayBuffer(0))),
];
