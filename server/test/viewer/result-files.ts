import { crc32, deflateSync } from 'node:zlib';

/** A real PNG of `width` × `height` grey pixels, made in the test (never a file from disk). */
export function tinyPng(width = 2, height = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (width + 1), 0x80);
  for (let r = 0; r < height; r++) rows[r * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a figure registration sends besides the file: caption, view and the camera it was taken from. */
export const figureAttributes = (caption = 'Annulus plane') => ({
  caption,
  view: 'axial',
  camera: { position: [0, 0, 500], focalPoint: [0, 0, 0], viewUp: [0, -1, 0], parallelScale: 120 },
});
