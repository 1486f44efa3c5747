import type { VolumeHeader } from '@cardiomap/domain';
import { describe, expect, it } from 'vitest';
import type { AdoptedSink, DownloadWatcher, VolumeDownload } from '../mpr/volume-download.ts';
import { createPhaseStream } from './phase-stream.ts';

const HEADER = {
  dimensions: [2, 2, 3],
  spacing: [0.5, 0.5, 1],
  origin: [0, 0, 0],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
} as unknown as VolumeHeader;

/** A download the test finishes or drops by hand. */
function fakeDownload(url: string, adoptedBy: 'engine' | null = null) {
  const watchers = new Set<DownloadWatcher>();
  const voxels = new Int16Array(12);
  const present = new Uint8Array(3);
  let adopter: { sink: AdoptedSink; signal: AbortSignal } | null = null;
  const download = {
    url,
    live: true,
    get adopted() {
      return adoptedBy !== null || (adopter !== null && !adopter.signal.aborted);
    },
    adopt(sink: AdoptedSink, signal: AbortSignal) {
      adopter = { sink, signal };
      return new Promise<VolumeHeader>(() => undefined);
    },
    watch(watcher: DownloadWatcher) {
      watchers.add(watcher);
      if (present.some(Boolean)) watcher.slices({ header: HEADER, voxels, present });
      return () => watchers.delete(watcher);
    },
    claimFirstFrame: () => false,
    abort() {
      download.live = false;
      for (const watcher of watchers) watcher.ended();
    },
  };
  return {
    download: download as VolumeDownload & { live: boolean },
    voxels,
    watchers,
    get heldByStream() {
      return adopter !== null && !adopter.signal.aborted;
    },
    /** Slices arrive: all of them, or the first `count`. */
    arrive(count = 3) {
      present.fill(1, 0, count);
      for (const watcher of [...watchers]) watcher.slices({ header: HEADER, voxels, present });
    },
  };
}

type Fake = ReturnType<typeof fakeDownload>;

function setup(ids: string[], shownId: string, memoryBudgetBytes?: number) {
  const downloads = new Map<string, Fake>();
  const opened: string[] = [];
  let clock = 0;
  const stream = createPhaseStream({
    phases: ids.map((id) => ({ id, url: `https://files.test/${id}.cmvol` })),
    openVolume(url) {
      opened.push(url.replace(/^.*\/(\w+)\.cmvol$/, '$1'));
      let fake = downloads.get(url);
      if (!fake?.download.live) {
        fake = fakeDownload(url);
        downloads.set(url, fake);
      }
      return fake.download;
    },
    now: () => clock,
    ...(memoryBudgetBytes ? { memoryBudgetBytes } : {}),
  });
  // The engine's download of the shown phase, complete.
  const shown = fakeDownload(`https://files.test/${shownId}.cmvol`, 'engine');
  shown.arrive();
  downloads.set(shown.download.url, shown);
  const of = (id: string) => downloads.get(`https://files.test/${id}.cmvol`) as Fake;
  return { stream, opened, of, tick: (ms: number) => (clock += ms) };
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('createPhaseStream (issue 28 §2 background streaming)', () => {
  it('downloads nothing before start: the default phase has the network to itself', () => {
    const { stream, opened } = setup(['p0', 'p40', 'p70'], 'p40');
    expect(opened).toEqual([]);
    expect(stream.getSnapshot()).toEqual({ ready: 0, reduction: 1, total: 3, failed: 0, allReadyMs: null });
  });

  it('goes through the phases one at a time, in cardiac order after the shown one, and counts them', async () => {
    const { stream, opened, of, tick } = setup(['p0', 'p40', 'p70', 'p90'], 'p40');
    stream.start('p40');
    // The shown phase is the engine's complete download: watched, not taken over.
    expect(of('p40').heldByStream).toBe(false);
    await settle();
    expect(opened).toEqual(['p40', 'p70']);
    expect(stream.getSnapshot().ready).toBe(1);
    of('p70').arrive(2);
    await settle();
    expect(opened).toEqual(['p40', 'p70']);
    expect(of('p70').heldByStream).toBe(true);
    of('p70').arrive();
    await settle();
    expect(opened).toEqual(['p40', 'p70', 'p90']);
    of('p90').arrive();
    await settle();
    tick(1234);
    of('p0').arrive();
    await settle();
    expect(opened).toEqual(['p40', 'p70', 'p90', 'p0']);
    expect(stream.getSnapshot()).toEqual({ ready: 4, reduction: 1, total: 4, failed: 0, allReadyMs: 1234 });
    expect(stream.readyVolumes().map((volume) => volume.id)).toEqual(['p0', 'p40', 'p70', 'p90']);
    expect(stream.readyVolumes()[2]?.voxels).toBe(of('p70').voxels);
  });

  it('tells listeners when a phase is in', async () => {
    const { stream, of } = setup(['p0', 'p40'], 'p40');
    const counts: number[] = [];
    stream.subscribe(() => counts.push(stream.getSnapshot().ready));
    stream.start('p40');
    await settle();
    of('p0').arrive();
    await settle();
    expect(counts).toEqual([1, 2]);
  });

  it('asks again for a dropped download, and gives the phase up after three drops', async () => {
    const { stream, opened, of } = setup(['p0', 'p40'], 'p40');
    stream.start('p40');
    await settle();
    for (let attempt = 0; attempt < 3; attempt++) {
      of('p0').download.abort();
      await settle();
    }
    expect(opened.filter((id) => id === 'p0')).toHaveLength(3);
    expect(stream.getSnapshot()).toMatchObject({ ready: 1, failed: 1, allReadyMs: null });
  });

  it('on dispose lets go of its downloads, stops watching and starts no more', async () => {
    const { stream, opened, of } = setup(['p0', 'p40', 'p70'], 'p40');
    stream.start('p40');
    await settle();
    expect(of('p70').heldByStream).toBe(true);
    stream.dispose();
    expect(of('p70').heldByStream).toBe(false);
    expect(of('p70').watchers.size).toBe(0);
    of('p70').arrive();
    await settle();
    expect(opened).toEqual(['p40', 'p70']);
    expect(stream.readyVolumes()).toEqual([]);
  });

  it('keeps every phase reduced in-plane when all at full size would exceed the budget, and lets go of the full ones', async () => {
    // Each fake phase is 12 voxels = 24 bytes; three of them (72 bytes) over a budget of 20 bytes: factor 2.
    const { stream, of } = setup(['p0', 'p40', 'p70'], 'p40', 20);
    stream.start('p40');
    await settle();
    of('p70').arrive();
    await settle();
    of('p0').arrive();
    await settle();
    expect(stream.getSnapshot()).toMatchObject({ ready: 3, reduction: 2 });
    const volumes = stream.readyVolumes();
    expect(volumes.map((volume) => volume.header.dimensions)).toEqual([
      [1, 1, 3],
      [1, 1, 3],
      [1, 1, 3],
    ]);
    expect(volumes.every((volume) => volume.voxels.length === 3)).toBe(true);
    // The full arrays go with their downloads: the stream holds none of them.
    expect(of('p70').heldByStream).toBe(false);
    expect(of('p0').heldByStream).toBe(false);
  });
});
