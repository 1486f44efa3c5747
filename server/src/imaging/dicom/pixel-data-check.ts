/**
 * Whether the pixel data element can hold what the header declares, checked before anything allocates a
 * frame: a 65535×65535 header over a few hundred bytes, or vendor-private compression hidden behind a
 * native transfer syntax (ELSCINT1 PMSCT_RLE1), must be refused here rather than decoded into garbage.
 */
import type { Element } from 'dicom-parser';
import type { SetAside } from '../types.ts';
import { isEncapsulated } from './transfer-syntaxes.ts';

/** Generous for CT (512–1024 typical) while refusing allocation bombs. */
export const MAX_DIMENSION = 8192;
export const MAX_FRAMES = 10_000;
export const MAX_PIXEL_BYTES = 2 * 1024 ** 3;

export interface PixelLayout {
  rows: number;
  columns: number;
  numberOfFrames: number;
  samplesPerPixel: number;
  bitsAllocated: number;
}

export function frameByteLength(p: PixelLayout): number {
  return Math.ceil((p.rows * p.columns * p.samplesPerPixel * p.bitsAllocated) / 8);
}

export function checkPixelData(
  element: Element,
  layout: PixelLayout,
  transferSyntaxUid: string,
  fileLength: number,
): SetAside | undefined {
  const { rows, columns, numberOfFrames, bitsAllocated } = layout;
  if (!(rows > 0 && columns > 0)) return { code: 'corrupt', reason: 'Rows or Columns missing or not a number' };
  if (![1, 8, 16, 32].includes(bitsAllocated)) return { code: 'corrupt', reason: `BitsAllocated ${bitsAllocated}` };
  if (!(numberOfFrames >= 1 && numberOfFrames <= MAX_FRAMES)) {
    return { code: 'corrupt', reason: `NumberOfFrames ${numberOfFrames} out of range` };
  }
  const expected = frameByteLength(layout) * numberOfFrames;
  const dimensionsTooLarge = rows > MAX_DIMENSION || columns > MAX_DIMENSION || expected > MAX_PIXEL_BYTES;
  if (isEncapsulated(transferSyntaxUid)) {
    if (!element.encapsulatedPixelData || !element.fragments || element.fragments.length === 0) {
      return { code: 'corrupt', reason: 'Compressed transfer syntax but the pixel data holds no fragments' };
    }
    if (dimensionsTooLarge) return { code: 'too-large', reason: `Declared ${rows}×${columns}×${numberOfFrames}` };
    return undefined;
  }
  if (element.encapsulatedPixelData) {
    return { code: 'corrupt', reason: 'Native transfer syntax but the pixel data is encapsulated' };
  }
  const actual = element.length;
  if (element.dataOffset + actual > fileLength) {
    return { code: 'truncated', reason: `Pixel data ends beyond the end of the file (${fileLength} bytes)` };
  }
  // One padding byte is allowed: odd-sized 8-bit images are padded to even length.
  if (actual !== expected && actual !== expected + 1) {
    const declared = `${rows}×${columns}×${numberOfFrames} at ${bitsAllocated} bits = ${expected} bytes`;
    if (dimensionsTooLarge) {
      return { code: 'too-large', reason: `Declared ${declared}, pixel data holds ${actual} bytes` };
    }
    return {
      code: 'corrupt',
      reason: `Pixel data holds ${actual} bytes, the header declares ${declared} (private compression or damage)`,
    };
  }
  if (dimensionsTooLarge) return { code: 'too-large', reason: `Declared ${rows}×${columns}×${numberOfFrames}` };
  return undefined;
}
