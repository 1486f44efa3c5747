import { routes } from '@cardiomap/contract';
import { getResponse, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler } from './api-handler.ts';
import { storageHandler } from './storage-handler.ts';

describe('apiHandler (MSW typed by the contract)', () => {
  it('takes method and path from the route, with pinned parameters filled in', () => {
    expect(apiHandler(routes.cancelCase, () => HttpResponse.json(null)).info).toMatchObject({
      method: 'PUT',
      path: '*/api/cases/:id/cancel/',
    });
    expect(apiHandler(routes.page, () => HttpResponse.json(null), { slug: 'docs' }).info.path).toBe(
      '*/api/pages/docs/',
    );
  });

  it('refuses a route that is not in the contract table, at compile time and when run', () => {
    const madeUp = { ...routes.listCases, path: '/api/made-up/' };
    // @ts-expect-error: a route object outside the table has a path the table does not hold
    expect(() => apiHandler(madeUp, () => HttpResponse.json(null))).toThrow(
      'apiHandler: GET /api/made-up/ is not a route of the contract (use routes.<name>)',
    );
  });

  it('checks parameter names and answers against the route', () => {
    apiHandler(routes.cancelCase, ({ params }) => {
      // @ts-expect-error: the route names its parameter `id`
      void params.caseId;
      return HttpResponse.json(null);
    });
    // @ts-expect-error: userinfo answers a user, not a number
    apiHandler(routes.userInfo, () => HttpResponse.json(42));
  });

  it('refuses an error body answered with a success status, and passes the same body with its error status', async () => {
    const ask = (handler: ReturnType<typeof apiHandler>) =>
      getResponse([handler], new Request('http://localhost/api/cases/', { method: 'POST', body: '{}' }));
    const fieldErrors = { patientInformation: { identifier: ['This field may not be blank.'] } };
    await expect(ask(apiHandler(routes.createCase, () => HttpResponse.json(fieldErrors)))).rejects.toThrow(
      'apiHandler: POST /api/cases/ answered an error body with status 200; give the error status',
    );
    const detail = { detail: 'Not found.', code: 'not_found' };
    await expect(ask(apiHandler(routes.createCase, () => HttpResponse.json(detail, { status: 201 })))).rejects.toThrow(
      'answered an error body with status 201',
    );
    const refused = await ask(apiHandler(routes.createCase, () => HttpResponse.json(fieldErrors, { status: 400 })));
    expect(refused?.status).toBe(400);
    // A success body shaped like a message ({detail} without a code) is a success, not an error.
    const loggedOut = await getResponse(
      [apiHandler(routes.logout, () => HttpResponse.json({ detail: 'Signed out.' }))],
      new Request('http://localhost/api/logout/', { method: 'POST' }),
    );
    expect(loggedOut?.status).toBe(200);
  });

  it('keeps storageHandler to signed storage URLs', () => {
    expect(storageHandler('PUT', '*/api/storage/objects/:key', () => undefined).info.path).toBe(
      '*/api/storage/objects/:key',
    );
    expect(() => storageHandler('GET', '*/api/cases/', () => undefined)).toThrow('is an API path');
  });
});
