import type { Device, Intervention, Training, UserSummary } from '@cardiomap/contract';
import { HttpResponse, http } from 'msw';
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
    http.get('*/api/interventions/', () => HttpResponse.json(page(options.interventions ?? [tavi, laao]))),
    http.get('*/api/devices/', ({ request }) => {
      requests.devicesQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(options.devices ?? allDevices));
    }),
    http.get('*/api/trainings/', () => HttpResponse.json(page(options.trainings ?? [training()]))),
    http.get('*/api/biz-datetime-in/', ({ request }) => {
      requests.leadTimeOffsets.push(new URL(request.url).searchParams.get('offset') ?? '');
      return HttpResponse.json({ date: options.leadTime ?? new Date(Date.now() + 2 * 86_400_000).toISOString() });
    }),
    http.get('*/api/users/', ({ request }) => {
      requests.userQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(options.users ?? [colleague]));
    }),
  ];
  return { handlers, requests };
}
