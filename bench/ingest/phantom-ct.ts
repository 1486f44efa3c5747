// A self-made chest CT slice (no patient data): noise and anatomy enough that deflate compresses it about
// as much as a real scan, so upload sizes and inflate work are realistic. Pure: pixels in, pixels out.

export interface ChestPhantom {
  rows: number;
  columns: number;
  slices: number;
}

/** Stored value = HU + 1024 (RescaleIntercept -1024), as most scanners write. */
export const RESCALE_INTERCEPT = -1024;

const AIR = -1000;
const FAT = -100;
const SOFT_TISSUE = 40;
const LUNG = -850;
const BONE = 700;
const CONTRAST = 350;

/** A fast seeded generator (xorshift32): the same phantom every run, and no Math.random in the hot loop. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

/**
 * Gaussian noise of unit spread, quantised to tenths, in a table far longer than deflate's 32 KB window:
 * rows start at random offsets in it, so the noise does not repeat where the compressor could see it.
 */
function noiseTable(length: number, seed: number): Float32Array {
  const next = xorshift(seed);
  const table = new Float32Array(length);
  for (let i = 0; i < length; i += 2) {
    const u = (next() + 1) / 4294967297;
    const v = next() / 4294967296;
    const r = Math.sqrt(-2 * Math.log(u));
    table[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < length) table[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return table;
}

const NOISE_LENGTH = 1 << 21;

/**
 * Writes one axial slice `index` of the phantom into a reusable buffer: the scanner's field-of-view disc
 * (outside it -1024 HU, no noise, as scanners pad), air with a little noise, a body ellipse with a fat
 * rim, two lungs in the upper half of the stack, a spine, and a contrast-filled aorta that drifts along
 * the stack; tissue noise of about 18 HU.
 */
export function createChestPhantom(p: ChestPhantom): (index: number) => Int16Array {
  const noise = noiseTable(NOISE_LENGTH, 0x5eed);
  const next = xorshift(0xca4d10);
  const pixels = new Int16Array(p.rows * p.columns);
  const cy = p.rows / 2;
  const cx = p.columns / 2;
  const fov = Math.min(p.rows, p.columns) / 2;

  return (index) => {
    const t = p.slices > 1 ? index / (p.slices - 1) : 0.5;
    // The body narrows towards the neck (t = 1) and widens over the abdomen.
    const bodyA = p.columns * (0.33 - 0.06 * t);
    const bodyB = p.rows * (0.23 - 0.03 * t);
    const rim = p.columns * 0.03;
    const lungsPresent = t > 0.35 && t < 0.95;
    const lungA = p.columns * 0.09 * Math.sin(Math.PI * Math.min(1, (t - 0.35) / 0.6));
    const lungB = p.rows * 0.13 * Math.sin(Math.PI * Math.min(1, (t - 0.35) / 0.6));
    const aortaX = cx + p.columns * (0.02 + 0.03 * Math.sin(Math.PI * t));
    const aortaY = cy - p.rows * (0.02 + 0.04 * t);
    const aortaR = p.columns * 0.028;
    const spineY = cy + bodyB * 0.6;
    const spineR = p.columns * 0.035;
    for (let r = 0; r < p.rows; r++) {
      const dy = r + 0.5 - cy;
      let at = next() % (NOISE_LENGTH - p.columns);
      for (let c = 0; c < p.columns; c++, at++) {
        const dx = c + 0.5 - cx;
        let hu: number;
        if (dx * dx + dy * dy > fov * fov) {
          pixels[r * p.columns + c] = -1024 - RESCALE_INTERCEPT;
          continue;
        }
        const body = (dx * dx) / (bodyA * bodyA) + (dy * dy) / (bodyB * bodyB);
        if (body > 1) hu = AIR + 10 * (noise[at] as number);
        else {
          const inner = (dx * dx) / ((bodyA - rim) * (bodyA - rim)) + (dy * dy) / ((bodyB - rim) * (bodyB - rim));
          hu = inner > 1 ? FAT : SOFT_TISSUE;
          if (lungsPresent) {
            const lx = Math.abs(dx) - p.columns * 0.17;
            const ly = dy + p.rows * 0.02;
            if ((lx * lx) / (lungA * lungA) + (ly * ly) / (lungB * lungB) < 1) hu = LUNG;
          }
          const ax = c + 0.5 - aortaX;
          const ay = r + 0.5 - aortaY;
          if (ax * ax + ay * ay < aortaR * aortaR) hu = CONTRAST;
          const sy = r + 0.5 - spineY;
          if (dx * dx + sy * sy < spineR * spineR) hu = BONE;
          hu += 18 * (noise[at] as number);
        }
        pixels[r * p.columns + c] = Math.round(hu) - RESCALE_INTERCEPT;
      }
    }
    return pixels;
  };
}
