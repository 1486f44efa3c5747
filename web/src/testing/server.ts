import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * MSW at the edge of the client: handlers answer as the API would, typed by the contract. The one default
 * is the background call every case page makes when it opens (PUT cases/{id}/seen/); tests may replace it.
 */
export const server = setupServer(http.put('*/api/cases/:id/seen/', () => new HttpResponse(null, { status: 204 })));

export function setUpMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
