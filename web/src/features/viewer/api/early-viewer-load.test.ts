import { routes } from '@cardiomap/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../../../api/http.ts';
import { STUDY_ID, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { fetchViewerLoadEarly, viewerLoadPath } from './early-viewer-load.ts';

const answering = (response: () => Response | Promise<Response>) =>
  vi.fn(async () => response()) as unknown as typeof fetch;

describe('the early viewer load', () => {
  it('asks the contract route with the stored token', async () => {
    const fetchFn = answering(() => Response.json(viewerLoadFixture()));
    expect(await fetchViewerLoadEarly(STUDY_ID, 'token-1', fetchFn)).toEqual(viewerLoadFixture());
    expect(fetchFn).toHaveBeenCalledWith(viewerLoadPath(STUDY_ID), {
      headers: { accept: 'application/json', authorization: 'Bearer token-1' },
    });
    expect(viewerLoadPath(STUDY_ID)).toBe(buildUrl(routes.loadViewer, { params: { id: STUDY_ID } }));
  });

  it('answers null for anything but a 200, so the app asks itself (token refresh, refusal pages)', async () => {
    for (const status of [401, 403, 404, 500]) {
      const answer = fetchViewerLoadEarly(
        STUDY_ID,
        'expired',
        answering(() => Response.json({}, { status })),
      );
      expect(await answer, String(status)).toBeNull();
    }
  });

  it('answers null when the request fails or the body is not JSON', async () => {
    const offline = answering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchViewerLoadEarly(STUDY_ID, 't', offline)).toBeNull();
    const garbled = answering(() => new Response('<html>', { status: 200 }));
    expect(await fetchViewerLoadEarly(STUDY_ID, 't', garbled)).toBeNull();
  });
});
