import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  createVolumeStreamSplitter,
  DEFAULT_VOLUME_LEVELS,
  joinBytePlanes,
  parseVolumeHeader,
  VOLUME_FORMAT_VERSION,
} from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVolumeWriter, readVolumeFile, type VolumeLayout } from '../../../src/imaging/volume/volume-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cm-volume-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const layout: VolumeLayout = {
  version: VOLUME_FORMAT_VERSION,
  dimensions: [64, 48, 20],
  spacing: [0.7, 0.7, 1.25],
  origin: [-22.4, -16.8, 100],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  dataType: 'int16',
  compression: 'deflate-raw',
  levels: DEFAULT_VOLUME_LEVELS,
  interpolationType: 0,
};

const sliceOf = (k: number) => Int16Array.from({ length: 64 * 48 }, (_, p) => ((p * 7 + k * 131) % 4000) - 1024);

/** A CT-like slice: padding and air in long runs, tissue with noise; what the byte planes are made for. */
function ctLikeSlice(k: number): Int16Array {
  let seed = 1 + k;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 40;
  };
  return Int16Array.from({ length: 64 * 48 }, (_, p) => {
    const r = Math.hypot((p % 64) - 32, Math.floor(p / 64) - 24);
    if (r > 30) return -2000;
    return Math.round((r > 20 ? -1000 : 40) + noise());
  });
}

describe('volume file', () => {
  it('writes the current version: byte planes that inflate as one stream and join back to the values', async () => {
    expect(VOLUME_FORMAT_VERSION).toBe(2);
    const path = join(dir, 'planes.cmvol');
    const writer = await createVolumeWriter(path, layout);
    for (let k = 0; k < 20; k++) await writer.append(ctLikeSlice(k));
    const header = await writer.finish();
    expect(header.version).toBe(2);
    const bytes = new Uint8Array(await readFile(path));
    const splitter = createVolumeStreamSplitter();
    const slices = splitter.push(bytes).slices;
    expect(slices).toHaveLength(20);
    for (const s of slices) {
      // One raw-deflate stream per slice, as DecompressionStream('deflate-raw') will read it.
      const planes = new Uint8Array(inflateRawSync(s.compressed));
      const joined = joinBytePlanes(planes);
      expect(new Int16Array(joined.buffer)).toEqual(ctLikeSlice(s.index));
    }
  });

  it('makes CT-like slices smaller than the little-endian layout at the same level', async () => {
    const sizes: Record<number, number> = {};
    for (const version of [1, 2] as const) {
      const path = join(dir, `size-${version}.cmvol`);
      const writer = await createVolumeWriter(path, { ...layout, version });
      for (let k = 0; k < 20; k++) await writer.append(ctLikeSlice(k));
      sizes[version] = (await writer.finish()).sliceByteLengths.reduce((a, b) => a + b, 0);
    }
    expect(sizes[2]).toBeLessThan(sizes[1] as number);
  });

  it('still reads version 1 volumes (little-endian pairs) written before byte planes', async () => {
    const path = join(dir, 'v1.cmvol');
    const writer = await createVolumeWriter(path, { ...layout, version: 1 });
    for (let k = 0; k < 20; k++) await writer.append(sliceOf(k));
    await writer.finish();
    const volume = await readVolumeFile(path);
    expect(volume.header.version).toBe(1);
    for (let k = 0; k < 20; k++) expect(await volume.slice(k)).toEqual(sliceOf(k));
    await volume.close();
  });

  it('streams slices to disk and reads back exactly, through the domain parser too', async () => {
    const path = join(dir, 'a.cmvol');
    const writer = await createVolumeWriter(path, layout, { inFlight: 3 });
    for (let k = 0; k < 20; k++) await writer.append(sliceOf(k));
    const header = await writer.finish();
    expect(header.sliceByteLengths).toHaveLength(20);
    expect((await readdir(dir)).filter((name) => name.startsWith('a.'))).toEqual(['a.cmvol']);

    const volume = await readVolumeFile(path);
    expect(volume.header).toEqual(header);
    for (let k = 0; k < 20; k++) expect(await volume.slice(k)).toEqual(sliceOf(k));
    await volume.close();

    // As the web viewer will: split the arriving bytes, inflate each slice on its own.
    const bytes = new Uint8Array(await readFile(path));
    const parsed = parseVolumeHeader(bytes);
    expect('header' in parsed && parsed.header).toEqual(header);
    const splitter = createVolumeStreamSplitter();
    const seen: number[] = [];
    for (let at = 0; at < bytes.length; at += 4096) {
      for (const s of splitter.push(bytes.subarray(at, at + 4096)).slices) {
        const raw = joinBytePlanes(new Uint8Array(inflateRawSync(s.compressed)));
        expect(new Int16Array(raw.buffer)).toEqual(sliceOf(s.index));
        seen.push(s.index);
      }
    }
    expect(seen).toEqual([...Array(20).keys()]);
  });

  it('refuses a wrong slice size or count, and leaves nothing behind when aborted', async () => {
    const path = join(dir, 'b.cmvol');
    const writer = await createVolumeWriter(path, layout);
    await expect(writer.append(new Int16Array(10))).rejects.toThrow(/expected 3072/);
    await writer.append(sliceOf(0));
    await expect(writer.finish()).rejects.toThrow(/1 slices written/);
    await writer.abort();
    expect(await readdir(dir)).not.toContain('b.cmvol.partial');
    expect(await readdir(dir)).not.toContain('b.cmvol');
  });
});
