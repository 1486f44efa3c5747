import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MprEngine } from '../mpr/mpr-engine.ts';
import { STUDY_ID, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
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

/** An engine stand-in that records whether it was destroyed. */
function fakeEngine() {
  const engine = {
    destroyed: false,
    destroy() {
      engine.destroyed = true;
    },
  };
  return engine as unknown as MprEngine & { destroyed: boolean };
}

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
    expect(first.live).toBe(false);
    await expect(failing.adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal)).rejects.toThrow();
    const retry = session.openVolume('/v/b.cmvol', server.fetchFn);
    expect(retry).not.toBe(failing);
    expect(retry.live).toBe(true);
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
    // Released for good (the MPR view left): destroyed after the turn, and the next view makes another.
    again();
    await nextTurn();
    expect(engine.destroyed).toBe(true);
    expect(session.getSnapshot().mprEngine).toBeNull();
    session.leaseMprEngine(create);
    expect(create).toHaveBeenCalledTimes(2);
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
});
