import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { AIR_HU } from './mpr-settings.ts';
import { createMprVolumeStream, type VolumeStreamEvents } from './mpr-volume-stream.ts';
import { startVolumeDownload, type VolumeDownload } from './volume-download.ts';

/** Cornerstone's side of the volume (its cache and texture), recorded instead of built. */
const cornerstone = vi.hoisted(() => ({
  built: [] as { volumeId: string; voxels: Int16Array }[],
  uploaded: [] as number[][],
  released: [] as string[],
}));
vi.mock('./mpr-volume.ts', async (importOriginal) => ({
  // The air fill is plain array work: the real one.
  fillAbsentWithAir: (await importOriginal<typeof import('./mpr-volume.ts')>()).fillAbsentWithAir,
  createMprVolume: (volumeId: string, _header: unknown, voxels: Int16Array) => {
    cornerstone.built.push({ volumeId, voxels });
    return { volume: { volumeId }, voxels };
  },
  slicesArrived: (_volume: unknown, indices: Iterable<number>) => cornerstone.uploaded.push([...indices].sort()),
  releaseMprVolume: (volumeId: string) => cornerstone.released.push(volumeId),
}));

const DIMS: [number, number, number] = [4, 3, 7];
const { file, expected } = volumeFileFixture(DIMS);

/** Serves the fixture by ranges; the middle slice's request waits until `release` is called. */
function volumeServer() {
  const requests: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchFn = (async (_url: unknown, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    requests.push(range);
    if (requests.length > 2) await held;
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  }) as typeof fetch;
  return { fetchFn, requests, releaseRest: () => release() };
}

function recorder() {
  const heard: string[] = [];
  const events: VolumeStreamEvents = {
    begin: (header) => heard.push(`begin ${header.dimensions.join('×')}`),
    firstSlices: () => heard.push('first'),
    moreSlices: () => heard.push('more'),
    complete: () => heard.push('complete'),
    failed: (error) => heard.push(`failed ${(error as Error).message}`),
  };
  return { heard, events };
}

let downloads: VolumeDownload[];
beforeEach(() => {
  downloads = [];
  cornerstone.built = [];
  cornerstone.uploaded = [];
  cornerstone.released = [];
});
afterEach(() => {
  for (const download of downloads) download.abort();
});
const download = (fetchFn: typeof fetch) => {
  const started = startVolumeDownload('/v/a.cmvol', fetchFn);
  downloads.push(started);
  return started;
};

describe('the MPR volume stream', () => {
  it("adopts the session's download: what arrived is replayed, the rest follows, nothing fetched again", async () => {
    const server = volumeServer();
    const volume = download(server.fetchFn);
    // The middle slice is in before the engine comes (the early preview drew it).
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    const { heard, events } = recorder();
    const stream = createMprVolumeStream(volume, 'vol-1', events);
    stream.start();
    expect(heard).toEqual(['begin 4×3×7', 'first']);
    expect(stream.firstSlicesIn).toBe(true);
    expect(stream.loaded).toBe(1);
    server.releaseRest();
    await vi.waitFor(() => expect(heard.at(-1)).toBe('complete'));
    expect(heard.slice(2, -1).every((event) => event === 'more')).toBe(true);
    expect(stream.allSlicesIn).toBe(true);
    expect(stream.loaded).toBe(DIMS[2]);
    expect(stream.voxels).toEqual(expected);
    expect(server.requests).toHaveLength(3);
  });

  it("builds Cornerstone's volume once, over the same voxels, air in the slices not in yet", async () => {
    const server = volumeServer();
    const stream = createMprVolumeStream(download(server.fetchFn), 'vol-2', recorder().events);
    expect(stream.ensureVolume()).toBeUndefined();
    stream.start();
    await vi.waitFor(() => expect(stream.firstSlicesIn).toBe(true));
    const built = stream.ensureVolume();
    expect(stream.ensureVolume()).toBe(built);
    expect(cornerstone.built).toHaveLength(1);
    const voxels = cornerstone.built[0]?.voxels as Int16Array;
    expect(voxels).toBe(stream.voxels);
    const slice = DIMS[0] * DIMS[1];
    const middle = Math.floor(DIMS[2] / 2);
    expect(voxels[0]).toBe(AIR_HU);
    expect(voxels.subarray(middle * slice, (middle + 1) * slice)).toEqual(
      expected.subarray(middle * slice, (middle + 1) * slice),
    );
  });

  it("tells Cornerstone's texture only of the slices that arrived since the last upload", async () => {
    const server = volumeServer();
    const stream = createMprVolumeStream(download(server.fetchFn), 'vol-3', recorder().events);
    stream.start();
    await vi.waitFor(() => expect(stream.firstSlicesIn).toBe(true));
    // No volume yet: nothing to tell, and the slices stay pending.
    expect(stream.uploadArrived()).toBe(false);
    expect(stream.pending).toBe(1);
    stream.ensureVolume();
    expect(stream.uploadArrived()).toBe(true);
    expect(cornerstone.uploaded).toEqual([[Math.floor(DIMS[2] / 2)]]);
    expect(stream.pending).toBe(0);
    server.releaseRest();
    await vi.waitFor(() => expect(stream.allSlicesIn).toBe(true));
    stream.uploadArrived();
    expect(cornerstone.uploaded[1]).toEqual([0, 1, 2, 4, 5, 6]);
  });

  it('reports a download that fails', async () => {
    const gone = download((async () => new Response('', { status: 404 })) as typeof fetch);
    const { heard, events } = recorder();
    createMprVolumeStream(gone, 'vol-4', events).start();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatch(/^failed /);
  });

  it('once released hears nothing more, drops its volume and hands the download back (a remount adopts it)', async () => {
    const server = volumeServer();
    const volume = download(server.fetchFn);
    const { heard, events } = recorder();
    const stream = createMprVolumeStream(volume, 'vol-5', events);
    stream.start();
    await vi.waitFor(() => expect(stream.firstSlicesIn).toBe(true));
    stream.ensureVolume();
    stream.release();
    expect(cornerstone.released).toEqual(['vol-5']);
    server.releaseRest();
    const next = recorder();
    const again = createMprVolumeStream(volume, 'vol-6', next.events);
    again.start();
    await vi.waitFor(() => expect(next.heard.at(-1)).toBe('complete'));
    expect(heard).toEqual(['begin 4×3×7', 'first']);
    expect(volume.live).toBe(true);
    expect(server.requests).toHaveLength(3);
  });
});
