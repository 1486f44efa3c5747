/** Figures are screenshots of a viewer pane: a few MB at most. */
export const MAX_FIGURE_BYTES = 20 * 1024 * 1024;
/** Widest and tallest figure accepted (a 4K screen at twice its pixel ratio is 7680 wide). */
export const MAX_FIGURE_SIDE = 8192;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; message: string };

/**
 * Checks a figure from its first 33 bytes (signature and IHDR) and last 12 (IEND), so a large file is
 * never read whole: a PNG with sane dimensions that was not cut short.
 */
export function checkPng(head: Uint8Array, tail: Uint8Array, size: number): PngCheck {
  if (size > MAX_FIGURE_BYTES) return { ok: false, message: 'The figure is larger than 20 MB.' };
  if (head.length < 33 || SIGNATURE.some((byte, i) => head[i] !== byte)) {
    return { ok: false, message: 'The figure is not a PNG image.' };
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const ihdr = String.fromCharCode(...head.subarray(12, 16));
  if (view.getUint32(8) !== 13 || ihdr !== 'IHDR') return { ok: false, message: 'The PNG image has no valid header.' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width > MAX_FIGURE_SIDE || height > MAX_FIGURE_SIDE) {
    return { ok: false, message: `The figure must be between 1 and ${MAX_FIGURE_SIDE} pixels wide and high.` };
  }
  if (tail.length < 12 || IEND.some((byte, i) => tail[tail.length - 12 + i] !== byte)) {
    return { ok: false, message: 'The PNG image is truncated.' };
  }
  return { ok: true, width, height };
}
