import { type Case, routes, type Training } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { apiHandler } from '../../../testing/api-handler.ts';
import { server } from '../../../testing/server.ts';
import { caseFixture, page } from './case-fixtures.ts';

/** `n` cases with identifiers HVC-TAVI-00001 … and ids that sort like them. */
export const manyCases = (n: number, overrides: Partial<Case> = {}): Case[] =>
  Array.from({ length: n }, (_, i) => {
    const seq = String(i + 1).padStart(5, '0');
    return caseFixture({
      id: `c0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      caseIdentifier: `HVC-TAVI-${seq}`,
      patientIdentifier: `PAT-${seq}`,
      ...overrides,
    });
  });

export interface ListRequest {
  page: number;
  pageSize: number;
  search: string | null;
  organisationId: string | null;
}

/**
 * GET cases/ as the server answers it: search by identifier fragment, organisation filter, pages of
 * page_size with an absolute next link, 404 'Invalid page.' beyond the last page. Records each request.
 */
export function mockCaseList(cases: () => Case[]): ListRequest[] {
  const requests: ListRequest[] = [];
  server.use(
    apiHandler(routes.listCases, ({ request }) => {
      const url = new URL(request.url);
      const query: ListRequest = {
        page: Number(url.searchParams.get('page') ?? '1'),
        pageSize: Number(url.searchParams.get('page_size') ?? '15'),
        search: url.searchParams.get('search'),
        organisationId: url.searchParams.get('organisation_id'),
      };
      requests.push(query);
      const matching = cases().filter(
        (c) =>
          (!query.search || c.caseIdentifier.toLowerCase().includes(query.search.toLowerCase())) &&
          (!query.organisationId || c.organisationId === query.organisationId),
      );
      const start = (query.page - 1) * query.pageSize;
      if (query.page > 1 && start >= matching.length) {
        return HttpResponse.json({ detail: 'Invalid page.', code: 'not_found' }, { status: 404 });
      }
      const results = matching.slice(start, start + query.pageSize);
      const next =
        start + query.pageSize < matching.length ? `http://localhost/api/cases/?page=${query.page + 1}` : null;
      return HttpResponse.json({ count: matching.length, next, previous: null, results });
    }),
  );
  return requests;
}

export function mockTrainings(trainings: Training[] = []): void {
  server.use(apiHandler(routes.trainings, () => HttpResponse.json(page(trainings))));
}
