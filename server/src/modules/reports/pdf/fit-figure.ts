import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);

/**
 * A figure is printed about 17 cm wide: beyond ~1100 px its pixels only make the PDF heavier (issue 18:
 * ≤ 5 MB with eight 1440×900 figures). Wider PNGs are halved with a 2×2 box filter and re-encoded;
 * pdfkit embeds a PNG's compressed data as it is, so the PDF's size is the figures' size. What this
 * reader does not handle (interlaced, palette, 16-bit) is embedded unchanged.
 */
export const MAX_FIGURE_WIDTH = 1100;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour types this reader knows: bytes per pixel at bit depth 8. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

interface Png {
  width: number;
  height: number;
  colourType: number;
  channels: number;
  pixels: Buffer;
}

export async function fitFigure(png: Buffer): Promise<Buffer> {
  const header = readHeader(png);
  if (!header || header.width <= MAX_FIGURE_WIDTH) return png;
  const decoded = await decode(png, header);
  return encode(halve(decoded));
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
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? (pixels[row + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[row - stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[row - stride + x - channels] ?? 0) : 0;
      const value = raw[source + x] ?? 0;
      pixels[row + x] = (value + predict(filter ?? 0, a, b, c)) & 0xff;
    }
  }
  return { ...header, pixels };
}

function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      return 0;
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
        const sum =
          (image.pixels[at] ?? 0) +
          (image.pixels[at + channels] ?? 0) +
          (image.pixels[at + stride] ?? 0) +
          (image.pixels[at + stride + channels] ?? 0);
        pixels[(y * width + x) * channels + k] = (sum + 2) >> 2;
      }
    }
  }
  return { ...image, width, height, pixels };
}

/** Rows filtered with "Up" (type 2): cheap and close to the best filter for rendered images. */
async function encode(image: Png): Promise<Buffer> {
  const stride = image.width * image.channels;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    const out = y * (stride + 1);
    raw[out] = 2;
    for (let x = 0; x < stride; x += 1) {
      const above = y > 0 ? (image.pixels[(y - 1) * stride + x] ?? 0) : 0;
      raw[out + 1 + x] = ((image.pixels[y * stride + x] ?? 0) - above) & 0xff;
    }
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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const frame = Buffer.alloc(8);
  frame.writeUInt32BE(data.length, 0);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([frame.subarray(0, 4), body, tail]);
}
