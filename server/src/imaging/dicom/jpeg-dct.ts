/**
 * A small sequential-DCT JPEG decoder (ITU T.81 processes 1, 2 and 4: Huffman, 8- or 12-bit) for one
 * greyscale component. The 8-bit WebAssembly codec cannot read 12-bit "JPEG Extended" CT (TS 4.51), and a
 * greyscale-only decoder is short enough to own. Colour, progressive and arithmetic JPEG are refused.
 */

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];

interface HuffmanTable {
  /** Code length (1–16) → [first code, last code, index of first symbol], or undefined when no codes. */
  lengths: ([number, number, number] | undefined)[];
  symbols: Uint8Array;
}

/** Precision (bits per sample) from the first start-of-frame marker; 0 when none is found. */
export function jpegPrecision(data: Uint8Array): number {
  let i = 2;
  while (i + 4 < data.length) {
    if (data[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = data[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return data[i + 4] ?? 0;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    i += 2 + ((data[i + 2]! << 8) | data[i + 3]!);
  }
  return 0;
}

function buildHuffman(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
  const lengths: HuffmanTable['lengths'] = [];
  let code = 0;
  let index = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    lengths[len] = n > 0 ? [code, code + n - 1, index] : undefined;
    code = (code + n) << 1;
    index += n;
  }
  return { lengths, symbols };
}

class BitReader {
  private bitBuffer = 0;
  private bitCount = 0;
  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  private fill(): void {
    let byte = 0;
    if (this.pos < this.data.length) {
      byte = this.data[this.pos]!;
      if (byte === 0xff) {
        const next = this.data[this.pos + 1];
        if (next === 0x00) this.pos += 2;
        else byte = 0; // a marker: feed zeros, do not consume it
      } else this.pos++;
    }
    this.bitBuffer = ((this.bitBuffer << 8) | byte) >>> 0;
    this.bitCount += 8;
  }

  bit(): number {
    if (this.bitCount === 0) this.fill();
    this.bitCount--;
    return (this.bitBuffer >>> this.bitCount) & 1;
  }

  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | this.bit();
    return v;
  }

  decode(table: HuffmanTable): number {
    let code = 0;
    for (let len = 1; len <= 16; len++) {
      code = (code << 1) | this.bit();
      const range = table.lengths[len];
      if (range && code <= range[1] && code >= range[0]) return table.symbols[range[2] + code - range[0]]!;
    }
    throw new Error('bad Huffman code');
  }

  /** Skips to the next RSTn marker and starts afresh after it. */
  restart(): void {
    this.bitBuffer = 0;
    this.bitCount = 0;
    while (this.pos + 1 < this.data.length) {
      if (this.data[this.pos] === 0xff && this.data[this.pos + 1]! >= 0xd0 && this.data[this.pos + 1]! <= 0xd7) {
        this.pos += 2;
        return;
      }
      this.pos++;
    }
  }
}

function extend(v: number, s: number): number {
  return s === 0 ? 0 : v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
}

/** Cosine table for the separable inverse DCT: cos((2x+1)uπ/16) scaled by C(u)/2. */
const IDCT = (() => {
  const t = new Float64Array(64);
  for (let x = 0; x < 8; x++) {
    for (let u = 0; u < 8; u++)
      t[x * 8 + u] = ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return t;
})();

function inverseDct(coef: Float64Array, out: Float64Array, tmp: Float64Array): void {
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += IDCT[x * 8 + u]! * coef[y * 8 + u]!;
      tmp[y * 8 + x] = s;
    }
  }
  for (let x = 0; x < 8; x++) {
    for (let y = 0; y < 8; y++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += IDCT[y * 8 + v]! * tmp[v * 8 + x]!;
      out[y * 8 + x] = s;
    }
  }
}

export function decodeJpegDct(data: Uint8Array): Uint8Array | Uint16Array {
  if (data[0] !== 0xff || data[1] !== 0xd8) throw new Error('not a JPEG stream (no SOI)');
  const quant: Int32Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  let precision = 8;
  let width = 0;
  let height = 0;
  let quantIndex = 0;
  let restartInterval = 0;
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) throw new Error(`expected a marker at ${pos}`);
    const marker = data[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = (data[pos + 2]! << 8) | data[pos + 3]!;
    const seg = data.subarray(pos + 4, pos + 2 + length);
    if (marker === 0xdb) {
      for (let i = 0; i < seg.length; ) {
        const wide = seg[i]! >> 4;
        const table = new Int32Array(64);
        for (let k = 0; k < 64; k++)
          table[k] = wide ? (seg[i + 1 + 2 * k]! << 8) | seg[i + 2 + 2 * k]! : seg[i + 1 + k]!;
        quant[seg[i]! & 15] = table;
        i += 1 + (wide ? 128 : 64);
      }
    } else if (marker === 0xc4) {
      for (let i = 0; i < seg.length; ) {
        const counts = seg.subarray(i + 1, i + 17);
        const total = counts.reduce((a, b) => a + b, 0);
        const table = buildHuffman(counts, seg.slice(i + 17, i + 17 + total));
        (seg[i]! >> 4 ? acTables : dcTables)[seg[i]! & 15] = table;
        i += 17 + total;
      }
    } else if (marker === 0xc0 || marker === 0xc1) {
      precision = seg[0]!;
      height = (seg[1]! << 8) | seg[2]!;
      width = (seg[3]! << 8) | seg[4]!;
      if (seg[5] !== 1) throw new Error(`${seg[5]} components: only greyscale is supported`);
      quantIndex = seg[8]!;
    } else if (marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      throw new Error(`JPEG process SOF${marker - 0xc0} is not supported`);
    } else if (marker === 0xdd) {
      restartInterval = (seg[0]! << 8) | seg[1]!;
    } else if (marker === 0xda) {
      const tables = seg[2]!;
      return decodeScan(data, pos + 2 + length, {
        width,
        height,
        precision,
        quant: quant[quantIndex],
        dc: dcTables[tables >> 4],
        ac: acTables[tables & 15],
        restartInterval,
      });
    } else if (marker === 0xd9) break;
    pos += 2 + length;
  }
  throw new Error('no scan found');
}

interface ScanSetup {
  width: number;
  height: number;
  precision: number;
  quant: Int32Array | undefined;
  dc: HuffmanTable | undefined;
  ac: HuffmanTable | undefined;
  restartInterval: number;
}

function decodeScan(data: Uint8Array, start: number, s: ScanSetup): Uint8Array | Uint16Array {
  const { width, height, precision, quant, dc, ac } = s;
  if (!quant || !dc || !ac || width === 0 || height === 0) throw new Error('scan before its tables or frame header');
  const out = precision > 8 ? new Uint16Array(width * height) : new Uint8Array(width * height);
  const max = 2 ** precision - 1;
  const shift = 2 ** (precision - 1);
  const blocksAcross = Math.ceil(width / 8);
  const blockCount = blocksAcross * Math.ceil(height / 8);
  const reader = new BitReader(data, start);
  const coef = new Float64Array(64);
  const block = new Float64Array(64);
  const tmp = new Float64Array(64);
  let predictor = 0;
  for (let b = 0; b < blockCount; b++) {
    if (s.restartInterval > 0 && b > 0 && b % s.restartInterval === 0) {
      reader.restart();
      predictor = 0;
    }
    coef.fill(0);
    const dcSize = reader.decode(dc);
    predictor += extend(reader.bits(dcSize), dcSize);
    coef[0] = predictor * quant[0]!;
    for (let k = 1; k < 64; ) {
      const rs = reader.decode(ac);
      const run = rs >> 4;
      const size = rs & 15;
      if (size === 0) {
        if (run !== 15) break;
        k += 16;
        continue;
      }
      k += run;
      if (k > 63) break;
      coef[ZIGZAG[k]!] = extend(reader.bits(size), size) * quant[k]!;
      k++;
    }
    inverseDct(coef, block, tmp);
    const bx = (b % blocksAcross) * 8;
    const by = Math.floor(b / blocksAcross) * 8;
    for (let y = 0; y < 8 && by + y < height; y++) {
      for (let x = 0; x < 8 && bx + x < width; x++) {
        const v = Math.round(block[y * 8 + x]! + shift);
        out[(by + y) * width + bx + x] = v < 0 ? 0 : v > max ? max : v;
      }
    }
  }
  return out;
}
