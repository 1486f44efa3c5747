import type { VolumeHeader } from '@cardiomap/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { type DownloadView, startVolumeDownload, UNCLAIMED_MS, type VolumeDownload } from './volume-download.ts';

const DIMS: [number, number, number] = [4, 3, 7];

/** The volume fixture, served with range support; `requests` records each Range asked for. */
function volumeServer() {
  const { file, expected } = volumeFileFixture(DIMS);
  const requests: string[] = [];
  const fetchFn = async (_url: unknown, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    requests.push(range);
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  };
  return { fetch: fetchFn as typeof fetch, requests, expected };
}

function recordingSink() {
  const sink = {
    voxels: null as Int16Array | null,
    slices: [] as number[],
    begin(_header: VolumeHeader, voxels: Int16Array) {
      sink.voxels = voxels;
    },
    slicesLoaded(indices: number[]) {
      sink.slices.push(...indices);
    },
  };
  return sink;
}

const downloads: VolumeDownload[] = [];
const start = (url: string, fetchFn: typeof fetch) => {
  const download = startVolumeDownload(url, fetchFn);
  downloads.push(download);
  return download;
};
afterEach(() => {
  for (const download of downloads.splice(0)) download.abort();
  vi.useRealTimers();
});

describe('volume download', () => {
  it('hands the running download to its adopter, with what arrived before, fetching the file once', async () => {
    const server = volumeServer();
    const download = start('/v/a.cmvol', server.fetch);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sink = recordingSink();
    await download.adopt(sink, new AbortController().signal);
    expect(sink.voxels).toEqual(server.expected);
    expect([...sink.slices].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Header probe, the middle slice, the rest: one download, not two.
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]).toBe('bytes=0-65535');
    expect(download.live).toBe(true);
  });

  it('gives a download its adopter let go of to the next adopter (a remount), still without refetching', async () => {
    const server = volumeServer();
    const download = start('/v/b.cmvol', server.fetch);
    const first = new AbortController();
    expect(download.adopted).toBe(false);
    await download.adopt(recordingSink(), first.signal);
    expect(download.adopted).toBe(true);
    first.abort();
    // Issue 28: the phase stream adopts only a download nobody holds.
    expect(download.adopted).toBe(false);
    const second = recordingSink();
    await download.adopt(second, new AbortController().signal);
    expect(second.voxels).toEqual(server.expected);
    expect(second.slices).toHaveLength(DIMS[2]);
    expect(server.requests).toHaveLength(3);
  });

  it('lets a watcher follow the download without taking it over, from what had arrived before', async () => {
    const server = volumeServer();
    const download = start('/v/c.cmvol', server.fetch);
    const early: DownloadView[] = [];
    const stopEarly = download.watch({ slices: (view) => early.push(view), ended: () => {} });
    await download.adopt(recordingSink(), new AbortController().signal);
    expect(early.length).toBeGreaterThan(0);
    const last = early.at(-1) as DownloadView;
    expect([...last.present]).toEqual(Array(DIMS[2]).fill(1));
    expect(last.voxels).toEqual(server.expected);
    // A watcher that comes later hears at once what is there; one that stopped hears nothing more.
    stopEarly();
    const late: DownloadView[] = [];
    download.watch({ slices: (view) => late.push(view), ended: () => {} });
    expect(late).toHaveLength(1);
  });

  it('tells watchers when the download fails, and is no longer live', async () => {
    const missing = (async () => new Response('gone', { status: 404 })) as typeof fetch;
    const download = start('/v/missing.cmvol', missing);
    let ended = false;
    download.watch({ slices: () => {}, ended: () => (ended = true) });
    await vi.waitFor(() => expect(ended).toBe(true));
    expect(download.live).toBe(false);
    await expect(download.adopt(recordingSink(), new AbortController().signal)).rejects.toThrow();
    // A watcher of an ended download hears so at once.
    let late = false;
    download.watch({ slices: () => {}, ended: () => (late = true) });
    expect(late).toBe(true);
  });

  it('drops a download nobody adopts for a while, and keeps one that is adopted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const unclaimed = start('/v/e.cmvol', volumeServer().fetch);
    const adopted = start('/v/f.cmvol', volumeServer().fetch);
    // Only whether the download stays live is under test here, not how its transfer ends.
    void adopted.adopt(recordingSink(), new AbortController().signal).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS);
    expect(unclaimed.live).toBe(false);
    expect(adopted.live).toBe(true);
  });

  it('gives the first frame of a download to one claimant only', () => {
    const download = start('/v/d.cmvol', volumeServer().fetch);
    expect(download.claimFirstFrame()).toBe(true);
    expect(download.claimFirstFrame()).toBe(false);
    expect(start('/v/other.cmvol', volumeServer().fetch).claimFirstFrame()).toBe(true);
  });
});
