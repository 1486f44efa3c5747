import { deflateRawSync } from 'node:zlib';
import { encodeVolumeHeader, splitBytePlanes, VOLUME_FORMAT_VERSION, type VolumeHeader } from '@cardiomap/domain';

/**
 * A `.cmvol` file of the given dimensions whose voxel (i, j, k) holds k·100 + j·10 + i − 500, so every
 * slice and pixel is checkable; `expected` is the whole volume as the loader should assemble it. Written
 * in the version the server writes unless told otherwise.
 */
export function volumeFileFixture(
  dims: [number, number, number],
  version: VolumeHeader['version'] = VOLUME_FORMAT_VERSION,
): { file: Uint8Array; expected: Int16Array } {
  const [nx, ny, nz] = dims;
  const slices = Array.from({ length: nz }, (_, k) =>
    Int16Array.from({ length: nx * ny }, (_, p) => k * 100 + Math.floor(p / nx) * 10 + (p % nx) - 500),
  );
  const bytesOf = (s: Int16Array) => (version === 2 ? splitBytePlanes(s) : new Uint8Array(s.buffer));
  const compressed = slices.map((s) => new Uint8Array(deflateRawSync(bytesOf(s))));
  const header: VolumeHeader = {
    version,
    dimensions: dims,
    spacing: [0.5, 0.5, 1.25],
    origin: [-10, -20, 30],
    direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    dataType: 'int16',
    compression: 'deflate-raw',
    levels: { windowCenter: 40, windowWidth: 400 },
    interpolationType: 0,
    sliceByteLengths: compressed.map((c) => c.length),
  };
  const head = encodeVolumeHeader(header);
  const file = new Uint8Array(head.length + compressed.reduce((n, c) => n + c.length, 0));
  file.set(head);
  let at = head.length;
  for (const c of compressed) {
    file.set(c, at);
    at += c.length;
  }
  const expected = new Int16Array(nx * ny * nz);
  slices.forEach((s, k) => {
    expected.set(s, k * s.length);
  });
  return { file, expected };
}
