import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { createVolumeStreamSplitter, DEFAULT_VOLUME_LEVELS, parseVolumeHeader } from '@cardiomap/domain';
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
  version: 1,
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

describe('volume file', () => {
  it('streams slices to disk and reads back exactly, through the domain parser too', async () => {
    const path = join(dir, 'a.cmvol');
    const writer = await createVolumeWriter(path, layout, { inFlight: 3 });
    for (let k = 0; k < 20; k++) await writer.append(sliceOf(k));
    const header = await writer.finish();
    expect(header.sliceByteLengths).toHaveLength(20);
    expect(await readdir(dir)).toEqual(['a.cmvol']);

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
        const raw = inflateRawSync(s.compressed);
        expect(new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2)).toEqual(sliceOf(s.index));
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
