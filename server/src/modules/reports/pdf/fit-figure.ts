import { promisify } from 'node:util';
import { crc32, deflate, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);

/**
 * A figure is printed about 17 cm wide: beyond ~1100 px its pixels only make the PDF heavier (issue 18:
 * ≤ 5 MB with eight 1440×900 figures). Wider PNGs are halved with a 2×2 box filter and re-encoded;
 * pdfkit embeds an opaque PNG's compressed data as it is, so the PDF's size is the figures' size.
 *
 * The browser's canvas captures are RGBA even when every pixel is opaque. pdfkit cannot pass such a
 * PNG through: it inflates it, splits the alpha into a soft mask and deflates both again in JavaScript
 * (about 0.15 s per 1440×900 figure here). The report is read on white paper, so figures with alpha are
 * flattened onto white and written as RGB (or grey) here, once, with the decode this file does anyway.
 * What this reader does not handle (interlaced, palette, 16-bit) is embedded unchanged.
 */
export const MAX_FIGURE_WIDTH = 1100;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour types this reader knows: bytes per pixel at bit depth 8. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
/** Grey + alpha and RGBA, and the colour type each becomes without its alpha. */
const WITHOUT_ALPHA: Record<number, number> = { 4: 0, 6: 2 };

interface Png {
  width: number;
  height: number;
  colourType: number;
  channels: number;
  pixels: Buffer;
}

/** The report job renders each figure twice (with and without patient details): fitted once, by buffer. */
const fittedFigures = new WeakMap<Buffer, Promise<Buffer>>();

export function fitFigure(png: Buffer): Promise<Buffer> {
  let fitted = fittedFigures.get(png);
  if (!fitted) {
    fitted = fitOnce(png);
    fittedFigures.set(png, fitted);
  }
  return fitted;
}

async function fitOnce(png: Buffer): Promise<Buffer> {
  const header = readHeader(png);
  const wide = header !== null && header.width > MAX_FIGURE_WIDTH;
  const hasAlpha = header !== null && header.colourType in WITHOUT_ALPHA;
  if (!header || (!wide && !hasAlpha)) return png;
  const decoded = await decode(png, header);
  const fitted = wide ? halve(decoded) : decoded;
  return encode(hasAlpha ? onWhite(fitted) : fitted);
}

function readHeader(png: Buffer) {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colourType, , , interlace] = [png[24], png[25], png[26], png[27], png[28]];
  const channels = CHANNELS[colourType ?? -1];
  if (depth !== 8 || interlace !== 0 || !channels) return null;
  return { width, height, colourType: colourType as number, channels };
}

async function decode(png: Buffer, header: Omit<Png, 'pixels'>): Promise<Png> {
  const parts: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = await inflateAsync(Buffer.concat(parts));
  const { width, height, channels } = header;
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    unfilterRow(raw, y * (stride + 1), pixels, y * stride, y > 0 ? (y - 1) * stride : -1, stride, channels);
  }
  return { ...header, pixels };
}

/**
 * One row of PNG filtering undone (PNG spec §9), a loop per filter type: this runs for every byte of
 * every figure, so it stays free of calls per byte. `up` is -1 on the first row. Writes into a
 * Uint8Array wrap modulo 256, as the filters require.
 */
function unfilterRow(
  raw: Uint8Array,
  at: number,
  out: Uint8Array,
  row: number,
  up: number,
  stride: number,
  bpp: number,
) {
  const filter = raw[at];
  const src = at + 1;
  if (filter === 0 || (filter === 2 && up < 0)) {
    out.set(raw.subarray(src, src + stride), row);
  } else if (filter === 1 || (filter === 4 && up < 0)) {
    for (let x = 0; x < stride; x += 1) out[row + x] = raw[src + x]! + (x >= bpp ? out[row + x - bpp]! : 0);
  } else if (filter === 2) {
    for (let x = 0; x < stride; x += 1) out[row + x] = raw[src + x]! + out[up + x]!;
  } else if (filter === 3) {
    for (let x = 0; x < stride; x += 1) {
      const left = x >= bpp ? out[row + x - bpp]! : 0;
      const above = up < 0 ? 0 : out[up + x]!;
      out[row + x] = raw[src + x]! + ((left + above) >> 1);
    }
  } else {
    for (let x = 0; x < stride; x += 1) {
      const a = x >= bpp ? out[row + x - bpp]! : 0;
      const b = out[up + x]!;
      const c = x >= bpp ? out[up + x - bpp]! : 0;
      const pa = Math.abs(b - c);
      const pb = Math.abs(a - c);
      const pc = Math.abs(a + b - 2 * c);
      out[row + x] = raw[src + x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
    }
  }
}

function halve(image: Png): Png {
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  const { channels } = image;
  const stride = image.width * channels;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    const top = 2 * y * stride;
    for (let x = 0; x < width; x += 1) {
      for (let k = 0; k < channels; k += 1) {
        const at = top + 2 * x * channels + k;
        const p = image.pixels;
        const sum = p[at]! + p[at + channels]! + p[at + stride]! + p[at + stride + channels]!;
        pixels[(y * width + x) * channels + k] = (sum + 2) >> 2;
      }
    }
  }
  return { ...image, width, height, pixels };
}

/** Alpha composited onto white paper: c·a + 255·(1 − a), rounded; the alpha channel dropped. */
function onWhite(image: Png): Png {
  const colours = image.channels - 1;
  const count = image.width * image.height;
  const source = image.pixels;
  const pixels = Buffer.alloc(count * colours);
  for (let i = 0; i < count; i += 1) {
    const alpha = source[i * image.channels + colours]!;
    const paper = 255 * (255 - alpha);
    for (let k = 0; k < colours; k += 1) {
      pixels[i * colours + k] = (source[i * image.channels + k]! * alpha + paper + 127) / 255;
    }
  }
  return { ...image, channels: colours, colourType: WITHOUT_ALPHA[image.colourType] ?? image.colourType, pixels };
}

/** Rows filtered with "Up" (type 2): cheap and close to the best filter for rendered images. */
async function encode(image: Png): Promise<Buffer> {
  const stride = image.width * image.channels;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    const out = y * (stride + 1);
    raw[out] = 2;
    const row = y * stride;
    const p = image.pixels;
    if (y === 0) p.copy(raw, out + 1, 0, stride);
    else for (let x = 0; x < stride; x += 1) raw[out + 1 + x] = p[row + x]! - p[row - stride + x]!;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8;
  header[9] = image.colourType;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflateAsync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  // zlib's native CRC-32: a loop in JavaScript over a figure's compressed bytes cost ~25 ms each.
  const crc = crc32(body);
  const frame = Buffer.alloc(8);
  frame.writeUInt32BE(data.length, 0);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc >>> 0, 0);
  return Buffer.concat([frame.subarray(0, 4), body, tail]);
}
