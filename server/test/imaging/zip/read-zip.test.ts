import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEntrySource } from '../../../src/imaging/zip/entry-source.ts';
import { openZip } from '../../../src/imaging/zip/read-zip.ts';
import { ZipRefused } from '../../../src/imaging/zip/zip-refused.ts';
import {
  renameInZip,
  setFlagBits,
  understateSizes,
  writeEmptyEntriesZip,
  writeZeroBombZip,
  writeZip,
} from './zip-fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cm-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(path: string): Promise<string> {
  try {
    await openZip(path);
  } catch (error) {
    if (error instanceof ZipRefused) return error.reason;
    throw error;
  }
  throw new Error('the archive was accepted');
}

describe('openZip', () => {
  it('lists files in nested folders and reads each on demand, as often as asked', async () => {
    const path = join(dir, 'good.zip');
    await writeZip(path, [
      { name: 'study/', data: Buffer.alloc(0) },
      { name: 'study/series 1/IM0001', data: Buffer.from('first file') },
      { name: 'study/series 1/IM0002.dcm', data: Buffer.alloc(100_000, 7) },
      { name: '__MACOSX/study/._IM0001', data: Buffer.from('resource fork') },
      { name: 'study/.DS_Store', data: Buffer.from('finder') },
      { name: 'study/Thumbs.db', data: Buffer.from('windows') },
      { name: 'DICOMDIR', data: Buffer.from('dir'), compress: false },
    ]);
    const zip = await openZip(path);
    expect(zip.entries.map((e) => e.path)).toEqual(['study/series 1/IM0001', 'study/series 1/IM0002.dcm', 'DICOMDIR']);
    expect(zip.skipped).toBe(4);
    const second = zip.entries[1];
    expect(second?.size).toBe(100_000);
    expect(second?.compressedSize).toBeLessThan(1000);
    expect(readEntrySource(second!.source)?.equals(Buffer.alloc(100_000, 7))).toBe(true);
    expect(readEntrySource(zip.entries[0]!.source)?.toString()).toBe('first file');
    expect(readEntrySource(zip.entries[0]!.source)?.toString()).toBe('first file');
  });

  it('refuses a file that is not a zip', async () => {
    const path = join(dir, 'not.zip');
    await writeFile(path, 'DICM but not a zip at all');
    expect(await refusal(path)).toBe('not a zip archive');
  });

  it('refuses an archive with a path that climbs out of its folder', async () => {
    const path = join(dir, 'traversal.zip');
    await writeZip(path, [
      { name: 'ok/a.dcm', data: Buffer.from('a') },
      { name: 'xx/yy/evil.sh', data: Buffer.from('b') },
    ]);
    await renameInZip(path, 'xx/yy/evil.sh', '../../evil.sh');
    expect(await refusal(path)).toMatch(/climbs out of its folder.*\.\.\/\.\.\/evil\.sh/);
  });

  it('refuses backslash traversal, absolute paths and drive letters', async () => {
    for (const [name, reason] of [
      ['..\\..\\evil', /climbs out/],
      ['/etc/passwd', /absolute path/],
      ['C:\\boot.ini', /drive-letter/],
    ] as const) {
      const path = join(dir, 'abs.zip');
      const placeholder = 'p'.repeat(Buffer.byteLength(name));
      await writeZip(path, [{ name: placeholder, data: Buffer.from('x') }]);
      await renameInZip(path, placeholder, name);
      expect(await refusal(path)).toMatch(reason);
    }
  });

  it('refuses symbolic links', async () => {
    const path = join(dir, 'link.zip');
    await writeZip(path, [{ name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    expect(await refusal(path)).toMatch(/symbolic link/);
  });

  it('refuses encrypted entries', async () => {
    const path = join(dir, 'encrypted.zip');
    await writeZip(path, [{ name: 'secret.dcm', data: Buffer.from('cipher'), compress: false }]);
    await setFlagBits(path, 0x1);
    expect(await refusal(path)).toMatch(/encrypted/);
  });

  it('refuses a 1 GB entry of zeros by its compression ratio, without inflating it', async () => {
    const path = join(dir, 'bomb.zip');
    await writeZeroBombZip(path, 1_000_000_000);
    // Refused from the central directory's sizes: the message names the ratio, not an inflate limit.
    expect(await refusal(path)).toMatch(/zip bomb/);
  });

  it('would really inflate the bomb fixture to zeros (so the test above proves something)', async () => {
    const path = join(dir, 'small-bomb.zip');
    await writeZeroBombZip(path, 20_000_000);
    const zip = await openZip(path, { maxCompressionRatio: 10_000 });
    const bytes = readEntrySource(zip.entries[0]!.source);
    expect(bytes?.length).toBe(20_000_000);
    expect(bytes?.every((b) => b === 0)).toBe(true);
  });

  it('refuses an archive of many small, extremely compressed entries', async () => {
    const path = join(dir, 'many-small.zip');
    await writeZip(
      path,
      Array.from({ length: 40 }, (_, i) => ({ name: `z${i}`, data: Buffer.alloc(1_000_000) })),
    );
    await expect(openZip(path, { archiveRatioFloorBytes: 10_000_000 })).rejects.toThrow(/archive is compressed \d+:1/);
    const zip = await openZip(path);
    expect(zip.entries).toHaveLength(40);
  });

  it('refuses declared sizes above the limits', async () => {
    const path = join(dir, 'big.zip');
    await writeZip(path, [
      { name: 'a', data: Buffer.alloc(3000, 1), compress: false },
      { name: 'b', data: Buffer.alloc(3000, 2), compress: false },
    ]);
    await expect(openZip(path, { maxEntryBytes: 2000 })).rejects.toThrow(/above the limit of 2000/);
    await expect(openZip(path, { maxTotalBytes: 5000 })).rejects.toThrow(/more than 5000 bytes/);
  });

  it('stops inflating an entry at its declared size', async () => {
    const path = join(dir, 'liar.zip');
    await writeZip(path, [{ name: 'liar.dcm', data: Buffer.alloc(5_000_000) }]);
    await understateSizes(path, 10_000);
    const zip = await openZip(path);
    expect(() => readEntrySource(zip.entries[0]!.source)).toThrow(ZipRefused);
  });

  it('refuses 100,000 empty entries at once, from the entry count', async () => {
    const path = join(dir, 'many.zip');
    await writeEmptyEntriesZip(path, 100_000);
    expect(await refusal(path)).toMatch(/100000 entries, above the limit of 20000/);
  }, 120_000);

  it('accepts 20,000 empty entries (the limit)', async () => {
    const path = join(dir, 'limit.zip');
    await writeEmptyEntriesZip(path, 20_000);
    const zip = await openZip(path);
    expect(zip.entries).toHaveLength(20_000);
  });

  it('writes nothing to disk', async () => {
    const path = join(dir, 'quiet.zip');
    await writeZip(path, [{ name: 'a/b/c.dcm', data: Buffer.alloc(10_000, 3) }]);
    const before = await readdir(dir);
    const zip = await openZip(path);
    for (const entry of zip.entries) readEntrySource(entry.source);
    expect(await readdir(dir)).toEqual(before);
  });
});
