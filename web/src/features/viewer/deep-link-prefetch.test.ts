import { routes } from '@cardiomap/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../testing/server.ts';
import { viewerKeys } from './api/viewer-keys.ts';
import { prefetchViewerDeepLink } from './deep-link-prefetch.ts';
import { closeViewerSessions, viewerSession } from './session/viewer-sessions.ts';
import { STUDY_ID, viewerLoadFixture } from './testing/viewer-fixtures.ts';

const prefetched = vi.hoisted(() => [] as string[]);
// The downloads the session starts, recorded instead of fetched.
vi.mock('./mpr/volume-download.ts', () => ({
  startVolumeDownload: (url: string) => {
    prefetched.push(url);
    return { url, live: true, abort: () => undefined };
  },
}));

setUpMockApi();

let loads: string[];
let queryClient: QueryClient;
beforeEach(() => {
  loads = [];
  prefetched.length = 0;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  tokenStore.save({ access: 'a' });
  server.use(
    apiHandler(routes.loadViewer, ({ params }) => {
      loads.push(params.id as string);
      return params.id === STUDY_ID
        ? HttpResponse.json(viewerLoadFixture())
        : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  tokenStore.clear();
  closeViewerSessions();
});

const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

describe('prefetchViewerDeepLink', () => {
  it('asks for the viewer load at once on mprviewer and starts the volume from its URL', async () => {
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/mprviewer`, true);
    await vi.waitFor(() => expect(prefetched).toEqual(['/files/volume.bin']));
    expect(loads).toEqual([STUDY_ID]);
    // The page's own query finds the answer under its key: it is not asked for again.
    expect(queryClient.getQueryData(viewerKeys.load(STUDY_ID))).toEqual(viewerLoadFixture());
  });

  it("takes the start-up script's answer instead of asking again", async () => {
    const early = viewerLoadFixture({ title: 'From the start-up script' });
    await viewerSession(STUDY_ID).askViewerLoadEarly('a', (async () =>
      Response.json(early)) as unknown as typeof fetch);
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/mprviewer`, true);
    await vi.waitFor(() => expect(prefetched).toEqual(['/files/volume.bin']));
    expect(loads).toEqual([]);
    expect(queryClient.getQueryData(viewerKeys.load(STUDY_ID))).toEqual(early);
  });

  it('asks itself when the start-up script got no answer (an expired token is refreshed there)', async () => {
    await viewerSession(STUDY_ID).askViewerLoadEarly('a', (async () =>
      Response.json({}, { status: 401 })) as unknown as typeof fetch);
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/mprviewer`, true);
    await vi.waitFor(() => expect(prefetched).toEqual(['/files/volume.bin']));
    expect(loads).toEqual([STUDY_ID]);
  });

  it('prefetches the load for the other viewer children and the iframe viewer, the volume only for mprviewer', async () => {
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/3dsurfaceviewer`, true);
    prefetchViewerDeepLink(new QueryClient(), `/iframe-viewer/${STUDY_ID}`, true);
    await settled();
    await vi.waitFor(() => expect(loads).toHaveLength(2));
    expect(prefetched).toEqual([]);
  });

  it('asks nothing without a session, off the viewer or for a path that names no study', async () => {
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/mprviewer`, false);
    prefetchViewerDeepLink(queryClient, '/cases', true);
    prefetchViewerDeepLink(queryClient, '/study-viewer/not-a-study/mprviewer', true);
    prefetchViewerDeepLink(queryClient, `/study-viewer/${STUDY_ID}/mprviewer/extra`, true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual([]);
    expect(prefetched).toEqual([]);
  });

  it('starts no volume when the load is refused, and leaves the refusal for the page to show', async () => {
    const other = '00000000-0000-4000-8000-00000000dead';
    prefetchViewerDeepLink(queryClient, `/study-viewer/${other}/mprviewer`, true);
    await vi.waitFor(() => expect(queryClient.getQueryState(viewerKeys.load(other))?.status).toBe('error'));
    expect(prefetched).toEqual([]);
  });
});
