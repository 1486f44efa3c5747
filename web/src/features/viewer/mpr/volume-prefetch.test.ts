import type { VolumeHeader } from '@cardiomap/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import {
  adoptPrefetchedVolume,
  claimFirstFrame,
  type PrefetchView,
  prefetchVolume,
  resetVolumePrefetches,
  watchPrefetchedVolume,
} from './volume-prefetch.ts';

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

afterEach(() => resetVolumePrefetches());

describe('volume prefetch', () => {
  it('lets nobody adopt a volume that was not prefetched', () => {
    expect(adoptPrefetchedVolume('/v/none.cmvol', recordingSink(), new AbortController().signal)).toBeNull();
  });

  it('hands the running download to its adopter, with what arrived before, fetching the file once', async () => {
    const server = volumeServer();
    prefetchVolume('/v/a.cmvol', server.fetch);
    prefetchVolume('/v/a.cmvol', server.fetch);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sink = recordingSink();
    const done = adoptPrefetchedVolume('/v/a.cmvol', sink, new AbortController().signal);
    expect(done).not.toBeNull();
    await done;
    expect(sink.voxels).toEqual(server.expected);
    expect([...sink.slices].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Header probe, the middle slice, the rest: one download, not two.
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]).toBe('bytes=0-65535');
  });

  it('gives a download its adopter let go of to the next adopter (a remount), still without refetching', async () => {
    const server = volumeServer();
    prefetchVolume('/v/b.cmvol', server.fetch);
    const first = new AbortController();
    await adoptPrefetchedVolume('/v/b.cmvol', recordingSink(), first.signal);
    first.abort();
    const second = recordingSink();
    await adoptPrefetchedVolume('/v/b.cmvol', second, new AbortController().signal);
    expect(second.voxels).toEqual(server.expected);
    expect(second.slices).toHaveLength(DIMS[2]);
    expect(server.requests).toHaveLength(3);
  });

  it('lets a watcher follow the download without taking it over, from what had arrived before', async () => {
    const server = volumeServer();
    prefetchVolume('/v/c.cmvol', server.fetch);
    const early: PrefetchView[] = [];
    const stopEarly = watchPrefetchedVolume('/v/c.cmvol', { slices: (view) => early.push(view), ended: () => {} });
    const done = adoptPrefetchedVolume('/v/c.cmvol', recordingSink(), new AbortController().signal);
    await done;
    expect(early.length).toBeGreaterThan(0);
    const last = early.at(-1) as PrefetchView;
    expect([...last.present]).toEqual(Array(DIMS[2]).fill(1));
    expect(last.voxels).toEqual(server.expected);
    // A watcher that comes later hears at once what is there; one that stopped hears nothing more.
    stopEarly?.();
    const late: PrefetchView[] = [];
    watchPrefetchedVolume('/v/c.cmvol', { slices: (view) => late.push(view), ended: () => {} });
    expect(late).toHaveLength(1);
    expect(watchPrefetchedVolume('/v/none.cmvol', { slices: () => {}, ended: () => {} })).toBeNull();
  });

  it('tells watchers when the download fails', async () => {
    const missing = (async () => new Response('gone', { status: 404 })) as typeof fetch;
    prefetchVolume('/v/missing.cmvol', missing);
    let ended = false;
    watchPrefetchedVolume('/v/missing.cmvol', { slices: () => {}, ended: () => (ended = true) });
    await vi.waitFor(() => expect(ended).toBe(true));
  });

  it('gives the first frame of a download to one claimant only', () => {
    prefetchVolume('/v/d.cmvol', volumeServer().fetch);
    expect(claimFirstFrame('/v/d.cmvol')).toBe(true);
    expect(claimFirstFrame('/v/d.cmvol')).toBe(false);
    // Nothing prefetched: the engine's own download marks its first frame.
    expect(claimFirstFrame('/v/other.cmvol')).toBe(true);
  });
});
