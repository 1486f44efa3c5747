import type { VolumeHeader } from '@cardiomap/domain';
import { describe, expect, it } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { loadVolume, middleSlices, type StreamRest, streamRestOfVolume, VolumeLoadError } from './volume-loader.ts';

const DIMS: [number, number, number] = [6, 5, 9];

const volumeFile = () => volumeFileFixture(DIMS);

/** A body cut into chunks of the given sizes, cycling: slices and the header straddle chunk edges. */
function chunkedBody(bytes: Uint8Array, sizes: number[]) {
  let at = 0;
  let n = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const size = sizes[n++ % sizes.length] as number;
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

interface FakeServer {
  fetch: typeof fetch;
  ranges: string[];
}

function server(file: Uint8Array, { ranges = true, status = 200, sizes = [7, 1, 30] } = {}): FakeServer {
  const seen: string[] = [];
  const fetchFn = async (_url: unknown, init?: RequestInit) => {
    if (status !== 200) return new Response('nope', { status });
    const range = new Headers(init?.headers).get('Range') ?? '';
    seen.push(range);
    const match = /^bytes=(\d+)-(\d*)$/.exec(range);
    if (!ranges || !match) return new Response(chunkedBody(file, sizes), { status: 200 });
    const start = Number(match[1]);
    const end = match[2] ? Math.min(Number(match[2]), file.length - 1) : file.length - 1;
    return new Response(chunkedBody(file.slice(start, end + 1), sizes), { status: 206 });
  };
  return { fetch: fetchFn as typeof fetch, ranges: seen };
}

function recordingSink() {
  let voxels = new Int16Array(0);
  const order: number[] = [];
  return {
    order,
    get voxels() {
      return voxels;
    },
    begin(header: VolumeHeader) {
      voxels = new Int16Array(header.dimensions[0] * header.dimensions[1] * header.dimensions[2]);
      return voxels;
    },
    slicesLoaded(indices: number[]) {
      order.push(...indices);
    },
  };
}

describe('loadVolume', () => {
  it('fills every voxel, the middle slices first, whatever the chunk boundaries', async () => {
    const { file, expected } = volumeFile();
    for (const sizes of [[1], [3, 17], [4096]]) {
      const sink = recordingSink();
      const fake = server(file, { sizes });
      const header = await loadVolume({ url: '/v', sink, fetch: fake.fetch, firstSlices: 3 });
      expect(header.dimensions).toEqual(DIMS);
      expect(sink.voxels).toEqual(expected);
      expect(sink.order.slice(0, 3)).toEqual([3, 4, 5]);
      expect([...sink.order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('reads version 1 volumes (little-endian pairs) as well as byte planes', async () => {
    for (const version of [1, 2] as const) {
      const { file, expected } = volumeFileFixture(DIMS, version);
      const sink = recordingSink();
      const header = await loadVolume({ url: '/v', sink, fetch: server(file).fetch, firstSlices: 3 });
      expect(header.version).toBe(version);
      expect(sink.voxels).toEqual(expected);
    }
  });

  it('asks for the header, then the middle slices, then the rest by range', async () => {
    const { file } = volumeFile();
    const fake = server(file);
    await loadVolume({ url: '/v', sink: recordingSink(), fetch: fake.fetch, firstSlices: 3 });
    expect(fake.ranges).toHaveLength(3);
    expect(fake.ranges[0]).toBe('bytes=0-65535');
    expect(fake.ranges[2]).toMatch(/^bytes=\d+-$/);
  });

  it('reads the file in order when the server ignores ranges', async () => {
    const { file, expected } = volumeFile();
    const sink = recordingSink();
    const fake = server(file, { ranges: false });
    await loadVolume({ url: '/v', sink, fetch: fake.fetch });
    expect(sink.voxels).toEqual(expected);
    // One read from the start (the header probe, answered whole); slices inflate a few at a time, so
    // they may finish out of file order.
    expect(fake.ranges).toEqual(['bytes=0-65535']);
    expect([...sink.order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reports a missing or forbidden file as an access error', async () => {
    const { file } = volumeFile();
    const load = loadVolume({ url: '/v', sink: recordingSink(), fetch: server(file, { status: 403 }).fetch });
    await expect(load).rejects.toMatchObject({ name: 'VolumeLoadError', kind: 'access' });
  });

  it('reports a truncated file as a format error', async () => {
    const { file } = volumeFile();
    const load = loadVolume({ url: '/v', sink: recordingSink(), fetch: server(file.slice(0, file.length - 5)).fetch });
    await expect(load).rejects.toBeInstanceOf(VolumeLoadError);
    await expect(load).rejects.toMatchObject({ kind: 'format' });
  });

  it('reports a file that is not a volume as a format error', async () => {
    const load = loadVolume({ url: '/v', sink: recordingSink(), fetch: server(new Uint8Array(200).fill(65)).fetch });
    await expect(load).rejects.toMatchObject({ kind: 'format', message: expect.stringContaining('magic') });
  });
});

describe('the rest of the volume streamed elsewhere (a worker)', () => {
  /** A stand-in for the worker: the same reader, run here against the same fake server. */
  const restFrom =
    (fake: FakeServer, asked: Array<{ dataOffset: number; loaded: number[] }>): StreamRest =>
    (rest, onSlice, signal) => {
      asked.push({ dataOffset: rest.dataOffset, loaded: [...rest.loaded] });
      return streamRestOfVolume(rest, onSlice, { fetch: fake.fetch, ...(signal ? { signal } : {}) });
    };

  it('hands it the rest after the middle slices, with what is in already, and fills every voxel', async () => {
    const { file, expected } = volumeFile();
    const fake = server(file);
    const asked: Array<{ dataOffset: number; loaded: number[] }> = [];
    const sink = recordingSink();
    await loadVolume({ url: '/v', sink, fetch: fake.fetch, firstSlices: 3, streamRest: restFrom(fake, asked) });
    expect(sink.voxels).toEqual(expected);
    expect(sink.order.slice(0, 3)).toEqual([3, 4, 5]);
    expect([...sink.order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(asked).toEqual([{ dataOffset: expect.any(Number), loaded: [0, 0, 0, 1, 1, 1, 0, 0, 0] }]);
    expect(fake.ranges.at(-1)).toBe(`bytes=${asked[0]?.dataOffset}-`);
  });

  it('says a truncated rest is a format error', async () => {
    const { file } = volumeFile();
    const whole = server(file);
    const cut = server(file.slice(0, file.length - 5));
    const load = loadVolume({ url: '/v', sink: recordingSink(), fetch: whole.fetch, streamRest: restFrom(cut, []) });
    await expect(load).rejects.toMatchObject({ name: 'VolumeLoadError', kind: 'format' });
  });

  it('says a rest that became inaccessible (an expired link) is an access error', async () => {
    const { file } = volumeFile();
    const gone = server(file, { status: 403 });
    const load = loadVolume({
      url: '/v',
      sink: recordingSink(),
      fetch: server(file).fetch,
      streamRest: restFrom(gone, []),
    });
    await expect(load).rejects.toMatchObject({ kind: 'access' });
  });

  it('fails when the rest ends without every slice having been handed over', async () => {
    const { file } = volumeFile();
    const forgetful: StreamRest = async () => undefined;
    const load = loadVolume({ url: '/v', sink: recordingSink(), fetch: server(file).fetch, streamRest: forgetful });
    await expect(load).rejects.toMatchObject({ kind: 'format', message: expect.stringContaining('last slice') });
  });
});

describe('middleSlices', () => {
  it.each([
    [500, 8, [246, 254]],
    [9, 3, [3, 6]],
    [4, 8, [0, 4]],
    [1, 8, [0, 1]],
  ])('%d slices, %d first → %j', (count, first, expected) => {
    expect(middleSlices(count, first)).toEqual(expected);
  });
});
