import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContourController } from '../contour/contour-controller.ts';
import type { MprEngine } from '../mpr/mpr-engine.ts';
import type { SceneEngine } from '../scene/scene-engine.ts';
import { STUDY_ID, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { KEEP_MPR_ENGINE_MS } from './viewer-session.ts';
import { closeViewerSessions, viewerSession } from './viewer-sessions.ts';

const OTHER_STUDY = '00000000-0000-4000-8000-00000000beef';

/** A volume server that counts its requests. */
function volumeServer() {
  const { file } = volumeFileFixture([4, 3, 7]);
  const requests: string[] = [];
  const fetchFn = (async (url: unknown, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    requests.push(`${String(url)} ${range}`);
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  }) as typeof fetch;
  return { fetchFn, requests };
}

/** An engine (or controller) stand-in that records whether it was destroyed. */
function fakeEngine() {
  const engine = {
    destroyed: false,
    destroy() {
      engine.destroyed = true;
    },
  };
  return engine as unknown as MprEngine & SceneEngine & ContourController & { destroyed: boolean };
}

type Fake = ReturnType<typeof fakeEngine>;

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => closeViewerSessions());

describe('viewer sessions', () => {
  it('are one per study, found again by its id until disposed', () => {
    const session = viewerSession(STUDY_ID);
    expect(viewerSession(STUDY_ID)).toBe(session);
    expect(viewerSession(OTHER_STUDY)).not.toBe(session);
    session.dispose();
    expect(viewerSession(STUDY_ID)).not.toBe(session);
  });

  it("hands the start-up script's answer to the app's query once, and asks otherwise", async () => {
    const session = viewerSession(STUDY_ID);
    const early = viewerLoadFixture({ title: 'early' });
    await session.askViewerLoadEarly('token', (async () => Response.json(early)) as unknown as typeof fetch);
    const ask = vi.fn(async () => viewerLoadFixture({ title: 'asked' }));
    expect((await session.viewerLoad(ask)).title).toBe('early');
    expect(ask).not.toHaveBeenCalled();
    // A refetch asks the server: the early answer is used once.
    expect((await session.viewerLoad(ask)).title).toBe('asked');
  });

  it("asks itself when the start-up script's request got no answer", async () => {
    const session = viewerSession(STUDY_ID);
    void session.askViewerLoadEarly('expired', (async () => new Response('', { status: 401 })) as typeof fetch);
    expect((await session.viewerLoad(async () => viewerLoadFixture({ title: 'asked' }))).title).toBe('asked');
  });

  it('starts the volume once, hands the running download to everyone, and a new one after a failure', async () => {
    const session = viewerSession(STUDY_ID);
    const server = volumeServer();
    const first = session.openVolume('/v/a.cmvol', server.fetchFn);
    expect(session.openVolume('/v/a.cmvol')).toBe(first);
    await first.adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal);
    expect(server.requests).toHaveLength(3);
    expect(session.openVolume('/v/a.cmvol')).toBe(first);

    const failing = session.openVolume('/v/b.cmvol', (async () => new Response('', { status: 404 })) as typeof fetch);
    // Issue 28: another file (another cardiac phase) does not stop the first one's download.
    expect(first.live).toBe(true);
    expect(session.openVolume('/v/a.cmvol')).toBe(first);
    await expect(failing.adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal)).rejects.toThrow();
    const retry = session.openVolume('/v/b.cmvol', server.fetchFn);
    expect(retry).not.toBe(failing);
    expect(retry.live).toBe(true);
  });

  it('keeps the running download when the viewer load hands the same volume with a fresh signature', async () => {
    const session = viewerSession(STUDY_ID);
    const server = volumeServer();
    const first = session.openVolume('/api/storage/v/a.cmvol?expires=100&sig=old', server.fetchFn);
    await first.adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal);
    const fetched = server.requests.length;
    // The load is asked again every SIGNED_URL_REFRESH_MS, before the server's links (10 min) expire.
    expect(session.openVolume('/api/storage/v/a.cmvol?expires=220&sig=new', server.fetchFn)).toBe(first);
    expect(server.requests).toHaveLength(fetched);
    expect(session.openVolume('/api/storage/v/b.cmvol?expires=220&sig=new', server.fetchFn)).not.toBe(first);
  });

  it('keeps the MPR engine through an unmount and remount in the same turn (StrictMode)', async () => {
    const session = viewerSession(STUDY_ID);
    const create = vi.fn(fakeEngine);
    const heard = vi.fn();
    session.subscribe(heard);
    const release = session.leaseMprEngine(create);
    const engine = session.getSnapshot().mprEngine as MprEngine & { destroyed: boolean };
    expect(engine).not.toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    release();
    const again = session.leaseMprEngine(create);
    await nextTurn();
    expect(create).toHaveBeenCalledTimes(1);
    expect(engine.destroyed).toBe(false);
    expect(session.getSnapshot().mprEngine).toBe(engine);
    // Released for good (the MPR view left for the 3D view): out of the snapshot after the turn but
    // kept, and the next MPR view takes the same engine back (issue 30); the session destroys it.
    again();
    await nextTurn();
    expect(engine.destroyed).toBe(false);
    expect(session.getSnapshot().mprEngine).toBeNull();
    session.leaseMprEngine(create);
    expect(create).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().mprEngine).toBe(engine);
    session.dispose();
    expect(engine.destroyed).toBe(true);
  });

  it('destroys a kept MPR engine after a while without the MPR view (issue 30)', async () => {
    vi.useFakeTimers();
    try {
      const session = viewerSession(STUDY_ID);
      const release = session.leaseMprEngine(fakeEngine);
      const engine = session.getSnapshot().mprEngine as MprEngine & { destroyed: boolean };
      release();
      await vi.advanceTimersByTimeAsync(KEEP_MPR_ENGINE_MS - 1000);
      expect(engine.destroyed).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(engine.destroyed).toBe(true);
      const create = vi.fn(fakeEngine);
      session.leaseMprEngine(create);
      expect(create).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is disposed once the page lets go of it for good: engine destroyed, download stopped', async () => {
    const session = viewerSession(STUDY_ID);
    const release = session.retain();
    release();
    const again = session.retain();
    await nextTurn();
    expect(viewerSession(STUDY_ID)).toBe(session);

    session.leaseMprEngine(fakeEngine);
    const engine = session.getSnapshot().mprEngine as MprEngine & { destroyed: boolean };
    const download = session.openVolume('/v/a.cmvol', volumeServer().fetchFn);
    again();
    await nextTurn();
    expect(engine.destroyed).toBe(true);
    expect(download.live).toBe(false);
    expect(viewerSession(STUDY_ID)).not.toBe(session);
    expect(() => session.openVolume('/v/a.cmvol')).toThrow(/closed/);
  });

  it('keeps the scene engine through a StrictMode remount and destroys it after the last release', async () => {
    const session = viewerSession(STUDY_ID);
    const create = vi.fn(fakeEngine);
    const release = session.leaseSceneEngine(create);
    const engine = session.getSnapshot().sceneEngine as SceneEngine & { destroyed: boolean };
    expect(engine).not.toBeNull();
    release();
    const again = session.leaseSceneEngine(create);
    await nextTurn();
    expect(create).toHaveBeenCalledTimes(1);
    expect(engine.destroyed).toBe(false);
    expect(session.getSnapshot().sceneEngine).toBe(engine);
    // The MPR engine is leased apart: the scene leaving does not touch it.
    session.leaseMprEngine(fakeEngine);
    const mprEngine = session.getSnapshot().mprEngine as MprEngine & { destroyed: boolean };
    again();
    await nextTurn();
    expect(engine.destroyed).toBe(true);
    expect(session.getSnapshot().sceneEngine).toBeNull();
    expect(mprEngine.destroyed).toBe(false);
    session.leaseSceneEngine(create);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('keeps the contour controller through a StrictMode remount and destroys it after the last release', async () => {
    const session = viewerSession(STUDY_ID);
    const create = vi.fn(fakeEngine);
    const release = session.leaseContour(create);
    const controller = session.getSnapshot().contour as ContourController & { destroyed: boolean };
    release();
    const again = session.leaseContour(create);
    await nextTurn();
    expect(create).toHaveBeenCalledTimes(1);
    expect(controller.destroyed).toBe(false);
    again();
    await nextTurn();
    expect(controller.destroyed).toBe(true);
    expect(session.getSnapshot().contour).toBeNull();
  });

  it("gives a second study its own scene engine and contour, and leaves them when the first one's go", async () => {
    const first = viewerSession(STUDY_ID);
    const second = viewerSession(OTHER_STUDY);
    const releaseScene = first.leaseSceneEngine(fakeEngine);
    const releaseContour = first.leaseContour(fakeEngine);
    second.leaseSceneEngine(fakeEngine);
    second.leaseContour(fakeEngine);
    const sceneEngine = second.getSnapshot().sceneEngine as Fake;
    const contour = second.getSnapshot().contour as Fake;
    expect(sceneEngine).not.toBe(first.getSnapshot().sceneEngine);
    expect(contour).not.toBe(first.getSnapshot().contour);
    releaseScene();
    releaseContour();
    await nextTurn();
    expect(first.getSnapshot().sceneEngine).toBeNull();
    expect(sceneEngine.destroyed).toBe(false);
    expect(contour.destroyed).toBe(false);
  });

  it('destroys the scene engine and the contour when it is disposed, and leases none after', () => {
    const session = viewerSession(STUDY_ID);
    session.leaseSceneEngine(fakeEngine);
    session.leaseContour(fakeEngine);
    const sceneEngine = session.getSnapshot().sceneEngine as Fake;
    const contour = session.getSnapshot().contour as Fake;
    session.dispose();
    expect(sceneEngine.destroyed).toBe(true);
    expect(contour.destroyed).toBe(true);
    expect(() => session.leaseSceneEngine(fakeEngine)).toThrow(/closed/);
    expect(() => session.leaseContour(fakeEngine)).toThrow(/closed/);
  });
});
