import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fitFigure } from '../../src/modules/reports/pdf/fit-figure.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The reader ignores CRCs, so the test's PNGs carry zeros there.
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
};

/** PNG spec §9.4, written out here independently of the code under test. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** An RGB PNG whose 2×2 blocks each hold one grey (x + y of the block), rows filtered with `filter`. */
function blockPng(width: number, height: number, filter: number, depth = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = 2;
  const stride = width * 3;
  const pixel = (x: number, y: number) => ((x >> 1) + (y >> 1)) & 0xff;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x += 1) {
      const value = pixel(Math.floor(x / 3), y);
      const left = x >= 3 ? pixel(Math.floor((x - 3) / 3), y) : 0;
      const up = y > 0 ? pixel(Math.floor(x / 3), y - 1) : 0;
      const upLeft = x >= 3 && y > 0 ? pixel(Math.floor((x - 3) / 3), y - 1) : 0;
      const predicted =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, upLeft)
                : 0;
      raw[y * (stride + 1) + 1 + x] = (value - predicted) & 0xff;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width, height and the unfiltered first two rows of a PNG written by fitFigure ("Up" filter). */
function readBack(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  const stride = width * 3;
  const row0 = raw.subarray(1, 1 + stride);
  const row1 = Buffer.from(raw.subarray(stride + 2, stride + 2 + stride).map((v, i) => (v + (row0[i] ?? 0)) & 0xff));
  return { width, height, filter: raw[0], row0, row1 };
}

describe('fitFigure', () => {
  it.each([0, 1, 2, 3, 4])(
    'halves a 1440×900 figure (rows filtered with type %i), averaging 2×2 blocks',
    async (filter) => {
      const fitted = await fitFigure(blockPng(1440, 900, filter));
      const { width, height, filter: written, row0, row1 } = readBack(fitted);
      expect([width, height, written]).toEqual([720, 450, 2]);
      // Block (x, 0) has grey x; block (x, 1) has grey x + 1.
      expect([row0[0], row0[3 * 5], row0[3 * 719 + 2]]).toEqual([0, 5, 719 & 0xff]);
      expect([row1[0], row1[3 * 5]]).toEqual([1, 6]);
    },
  );

  it('keeps a figure that is narrow enough, and one it cannot read, as it is', async () => {
    const narrow = blockPng(1000, 600, 0);
    expect(await fitFigure(narrow)).toBe(narrow);
    const sixteenBit = blockPng(1440, 900, 0, 16);
    expect(await fitFigure(sixteenBit)).toBe(sixteenBit);
    const notPng = Buffer.from('not a png at all, but long enough to have a header');
    expect(await fitFigure(notPng)).toBe(notPng);
  });

  it('flattens an RGBA figure onto white paper and writes it as RGB, so pdfkit embeds it as it is', async () => {
    const width = 4;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(1, 4);
    header[8] = 8;
    header[9] = 6;
    // Opaque red, transparent black, half-transparent black, opaque grey 100.
    const pixels = [255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128, 100, 100, 100, 255];
    const rgba = Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from([0, ...pixels]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const flat = await fitFigure(rgba);
    expect([flat.readUInt32BE(16), flat[25]]).toEqual([width, 2]);
    const raw = inflateSync(flat.subarray(41, 41 + flat.readUInt32BE(33)));
    // 255·(255 − 128) / 255 = 127 for the half-transparent black.
    expect([...raw.subarray(1)]).toEqual([255, 0, 0, 255, 255, 255, 127, 127, 127, 100, 100, 100]);
  });
});
