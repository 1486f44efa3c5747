import { type ReportStatus, routes } from '@cardiomap/contract';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiHandler } from './api-handler.ts';

/** A study without a report: what GET study-report/{studyId}/ answers before anything was generated. */
const noReport = (studyId: string): ReportStatus => ({
  studyId,
  generating: false,
  progress: 0,
  error: null,
  analysisVersion: 0,
  report: null,
  isOutdated: false,
  canGenerate: false,
});

/**
 * MSW at the edge of the client: handlers answer as the API would, typed by the contract. The defaults
 * are the background calls every case page makes when it opens (PUT cases/{id}/seen/, and the report
 * status of a case with a study); tests may replace them.
 */
export const server = setupServer(
  apiHandler(routes.markCaseSeen, () => new HttpResponse(null, { status: 204 })),
  apiHandler(routes.getStudyReport, ({ params }) => HttpResponse.json(noReport(String(params.id)))),
);

export function setUpMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
