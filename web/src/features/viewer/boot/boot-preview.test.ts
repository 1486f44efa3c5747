import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/token-store.ts';
import { viewerLoadPath } from '../api/early-viewer-load.ts';
import { afterFirstImage, resetFirstImageGate } from '../mpr/first-image-gate.ts';
import { closeViewerSessions, viewerSession } from '../session/viewer-sessions.ts';
import { STUDY_ID, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { viewerPaths } from '../viewer-paths.ts';
import { BOOT_LAYER_MAX_MS, dismissBootPreview, startBootPreview } from './boot-preview.ts';

const VOLUME_URL = '/files/volume.bin';
const { file } = volumeFileFixture([4, 3, 7]);

/** The server as the start-up script meets it: the viewer load, then the volume by ranges. */
function server(load: { status: number; body?: unknown } = { status: 200, body: viewerLoadFixture() }) {
  const asked: string[] = [];
  const fetchFn = vi.fn(async (url: unknown, init?: RequestInit) => {
    const path = String(url);
    asked.push(path);
    if (path === viewerLoadPath(STUDY_ID)) return Response.json(load.body ?? {}, { status: load.status });
    if (path !== VOLUME_URL) return new Response('', { status: 404 });
    const range = new Headers(init?.headers).get('Range') ?? '';
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, asked };
}

const layer = () => document.querySelector<HTMLElement>('[data-testid="boot-preview"]');
const drawnPanes = () =>
  [...document.querySelectorAll<HTMLElement>('[data-boot-pane]')].filter((p) => p.querySelector('canvas'));

beforeEach(() => {
  resetFirstImageGate();
  performance.clearMarks();
  tokenStore.save({ access: 'access-1' });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  // happy-dom lays nothing out and has no 2D canvas: panes get a size, canvases a stand-in context.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
        putImageData: () => undefined,
      }) as never,
  );
});
afterEach(() => {
  dismissBootPreview();
  closeViewerSessions();
  tokenStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('startBootPreview', () => {
  it('draws the three panes of an MPR link before the app, marks the first frame and hands everything over', async () => {
    const { fetchFn, asked } = server();
    await startBootPreview(viewerPaths.mprviewer(STUDY_ID), fetchFn);
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(1);
    expect(drawnPanes().map((p) => p.dataset.bootPane)).toEqual(['coronal', 'sagittal', 'axial']);
    expect(layer()?.getAttribute('aria-hidden')).toBe('true');
    expect(layer()?.style.pointerEvents).toBe('none');
    expect(asked[0]).toBe(viewerLoadPath(STUDY_ID));
    expect(fetchFn).toHaveBeenCalledWith(viewerLoadPath(STUDY_ID), {
      headers: { accept: 'application/json', authorization: 'Bearer access-1' },
    });
    // The app takes the same answer and the same download from the study's session: nothing is asked twice.
    const session = viewerSession(STUDY_ID);
    const ask = vi.fn(async () => viewerLoadFixture({ title: 'asked again' }));
    expect(await session.viewerLoad(ask)).toEqual(viewerLoadFixture());
    expect(ask).not.toHaveBeenCalled();
    const volumeRequests = asked.filter((path) => path === VOLUME_URL).length;
    await session.openVolume(VOLUME_URL).adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal);
    expect(asked.filter((path) => path === VOLUME_URL)).toHaveLength(volumeRequests);
    expect(asked.filter((path) => path === viewerLoadPath(STUDY_ID))).toHaveLength(1);
    // The app's own view replaces the layer.
    dismissBootPreview();
    expect(layer()).toBeNull();
  });

  it('lays out a box per header alert: the warnings and the non-clinical banner', async () => {
    const load = viewerLoadFixture({ isClinical: false, warnings: ['Gap between slices', 'Gap between slices'] });
    load.config.warnings = ['Old protocol'];
    await startBootPreview(viewerPaths.mprviewer(STUDY_ID), server({ status: 200, body: load }).fetchFn);
    const header = layer()?.firstElementChild;
    // The title row, then three alerts (the repeated warning once).
    expect(header?.children).toHaveLength(4);
  });

  it('restores the session by the refresh cookie on a page load, then asks with the restored token', async () => {
    tokenStore.reset();
    const refresh = vi.fn(async () => Response.json({ access: 'restored', refresh: 'r' }));
    vi.stubGlobal('fetch', refresh);
    const { fetchFn } = server();
    await startBootPreview(viewerPaths.mprviewer(STUDY_ID), fetchFn);
    expect(refresh).toHaveBeenCalledOnce();
    expect(refresh).toHaveBeenCalledWith('/api/refreshtoken/', expect.objectContaining({ method: 'POST' }));
    expect(fetchFn).toHaveBeenCalledWith(viewerLoadPath(STUDY_ID), {
      headers: { accept: 'application/json', authorization: 'Bearer restored' },
    });
    expect(drawnPanes()).toHaveLength(3);
  });

  it('asks nothing and draws nothing without a session, or off the MPR view', async () => {
    // No session to restore: the refresh cookie is refused.
    vi.stubGlobal('fetch', async () => Response.json({ detail: 'x', code: 'token_not_valid' }, { status: 401 }));
    for (const [path, signedIn] of [
      [viewerPaths.mprviewer(STUDY_ID), false],
      [viewerPaths.study(STUDY_ID), true],
      [viewerPaths.iframe(STUDY_ID), true],
      ['/cases', true],
    ] as const) {
      if (!signedIn) tokenStore.clear();
      else tokenStore.save({ access: 'a' });
      const { fetchFn } = server();
      await startBootPreview(path, fetchFn);
      expect(fetchFn, path).not.toHaveBeenCalled();
      expect(layer()).toBeNull();
    }
  });

  it('draws nothing when the load is refused, and leaves it to the app to ask again and show why', async () => {
    for (const status of [401, 404]) {
      const { fetchFn, asked } = server({ status });
      await startBootPreview(viewerPaths.mprviewer(STUDY_ID), fetchFn);
      expect(asked).toEqual([viewerLoadPath(STUDY_ID)]);
      expect(layer()).toBeNull();
      expect(await viewerSession(STUDY_ID).viewerLoad(async () => viewerLoadFixture({ title: 'asked' }))).toEqual(
        viewerLoadFixture({ title: 'asked' }),
      );
    }
  });

  it('removes the layer when the volume cannot be read, and opens the gate for the engine to report it', async () => {
    const { fetchFn } = server();
    const failing = (async (url: unknown, init?: RequestInit) =>
      String(url) === VOLUME_URL ? new Response('', { status: 403 }) : fetchFn(url as string, init)) as typeof fetch;
    await startBootPreview(viewerPaths.mprviewer(STUDY_ID), failing);
    await vi.waitFor(() => expect(layer()).toBeNull());
    await afterFirstImage(10);
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(0);
  });

  it('removes the layer after a while whatever the app shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchFn } = server();
    const started = startBootPreview(viewerPaths.mprviewer(STUDY_ID), fetchFn);
    await vi.waitFor(() => expect(layer()).not.toBeNull());
    await vi.advanceTimersByTimeAsync(BOOT_LAYER_MAX_MS);
    expect(layer()).toBeNull();
    await started;
  });
});
