/**
 * Eyeballing aid: writes the axial, coronal and sagittal planes through the annulus centre of one
 * phantom as PNGs (HU windowed left, labels in colour right).
 *   npx tsx server/src/imaging/testing/anatomy-phantom/dump-png.ts <seed> <out-dir> [spacing]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { type AnatomyPhantom, anatomyPhantom } from './anatomy-phantom.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(Buffer.from(type, 'ascii'), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (1 + width * 3) + 1);
  const signature = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

const COLOURS: [number, number, number][] = [
  [0, 0, 0],
  [230, 60, 60],
  [255, 200, 0],
  [255, 130, 0],
  [60, 120, 255],
  [0, 220, 255],
  [150, 60, 200],
  [140, 40, 40],
  [255, 255, 255],
  [200, 200, 160],
  [0, 255, 0],
  [100, 0, 160],
  [70, 70, 70],
  [25, 25, 40],
];

/** One plane ('axial' | 'coronal' | 'sagittal') through voxel `at`, HU left and labels right. */
export function planePng(p: AnatomyPhantom, plane: 'axial' | 'coronal' | 'sagittal', at: [number, number, number]) {
  const [nx, ny, nz] = p.dims;
  const [w, h] = plane === 'axial' ? [nx, ny] : plane === 'coronal' ? [nx, nz] : [ny, nz];
  const rgb = new Uint8Array(2 * w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // Coronal and sagittal: head at the top.
      const [i, j, k] =
        plane === 'axial' ? [x, y, at[2]] : plane === 'coronal' ? [x, at[1], nz - 1 - y] : [at[0], x, nz - 1 - y];
      const index = (k * ny + j) * nx + i;
      const grey = Math.max(0, Math.min(255, ((p.hu[index]! + 200) / 1000) * 255));
      const c = COLOURS[p.labels[index]!] ?? [255, 0, 255];
      const o = (y * 2 * w + x) * 3;
      rgb.set([grey, grey, grey], o);
      rgb.set(c, o + w * 3);
    }
  return encodePng(2 * w, h, rgb);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [seed = '1', dir = '.', spacing] = process.argv.slice(2);
  const p = anatomyPhantom(Number(seed), spacing ? { spacing: Number(spacing) } : {});
  const c = p.truth.annulus.centre;
  const at: [number, number, number] = [0, 1, 2].map((a) => Math.round((c[a]! - p.origin[a]!) / p.spacing[a]!)) as [
    number,
    number,
    number,
  ];
  mkdirSync(dir, { recursive: true });
  for (const plane of ['axial', 'coronal', 'sagittal'] as const)
    writeFileSync(join(dir, `phantom-${seed}-${plane}.png`), planePng(p, plane, at));
  console.info(JSON.stringify({ dims: p.dims, spacing: p.spacing, params: p.params }, null, 1));
}
