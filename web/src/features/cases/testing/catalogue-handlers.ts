import { type Device, type Intervention, routes, type Training, type UserSummary } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { apiHandler } from '../../../testing/api-handler.ts';
import { allDevices, colleague, laao, page, tavi, training } from './case-fixtures.ts';

export interface CatalogueRequests {
  devicesQueries: URLSearchParams[];
  leadTimeOffsets: string[];
  userQueries: URLSearchParams[];
}

/** MSW handlers for the catalogue reads the case dialogs make, recording what was asked. */
export function catalogueHandlers(
  options: {
    interventions?: Intervention[];
    devices?: Device[];
    trainings?: Training[];
    users?: UserSummary[];
    leadTime?: string;
  } = {},
) {
  const requests: CatalogueRequests = { devicesQueries: [], leadTimeOffsets: [], userQueries: [] };
  const handlers = [
    apiHandler(routes.interventions, () => HttpResponse.json(page(options.interventions ?? [tavi, laao]))),
    apiHandler(routes.devices, ({ request }) => {
      requests.devicesQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(options.devices ?? allDevices));
    }),
    apiHandler(routes.trainings, () => HttpResponse.json(page(options.trainings ?? [training()]))),
    apiHandler(routes.bizDatetimeIn, ({ request }) => {
      requests.leadTimeOffsets.push(new URL(request.url).searchParams.get('offset') ?? '');
      return HttpResponse.json({ date: options.leadTime ?? new Date(Date.now() + 2 * 86_400_000).toISOString() });
    }),
    apiHandler(routes.listUsers, ({ request }) => {
      requests.userQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(options.users ?? [colleague]));
    }),
  ];
  return { handlers, requests };
}
