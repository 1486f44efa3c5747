import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOLUME_LEVELS,
  encodeVolumeHeader,
  isInterpolatedSlice,
  joinBytePlanes,
  parseVolumeHeader,
  reservedHeaderLength,
  sliceByteRanges,
  splitBytePlanes,
  storesBytePlanes,
  VOLUME_PREAMBLE_BYTES,
  VolumeFormatError,
  type VolumeHeader,
} from './volume-format.ts';
import { createVolumeStreamSplitter } from './volume-stream.ts';

const header: VolumeHeader = {
  version: 1,
  dimensions: [4, 3, 3],
  spacing: [0.75, 0.5, 2.5],
  origin: [-10, -20.5, 85.91],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  dataType: 'int16',
  compression: 'deflate-raw',
  levels: DEFAULT_VOLUME_LEVELS,
  interpolationType: 0,
  sliceByteLengths: [5, 1, 7],
  frameOfReferenceUid: '2.25.1234',
};

describe('volume header', () => {
  it('defaults the levels to 230 / 1075 (spec §9)', () => {
    expect(DEFAULT_VOLUME_LEVELS).toEqual({ windowCenter: 230, windowWidth: 1075 });
  });

  it('round-trips, starting with the magic and a little-endian length', () => {
    const bytes = encodeVolumeHeader(header);
    expect(String.fromCharCode(...bytes.slice(0, 6))).toBe('CMVOL1');
    expect(new DataView(bytes.buffer).getUint32(6, true)).toBe(bytes.length - VOLUME_PREAMBLE_BYTES);
    expect(parseVolumeHeader(bytes)).toEqual({ header, dataOffset: bytes.length });
  });

  it('fits the final header into the space reserved before the slice lengths were known', () => {
    const { sliceByteLengths: _, ...known } = header;
    const reserved = reservedHeaderLength(known);
    const big = { ...header, sliceByteLengths: [4_294_967_295, 1, 2] };
    const bytes = encodeVolumeHeader(big, reserved);
    expect(bytes.length).toBe(VOLUME_PREAMBLE_BYTES + reserved);
    expect(parseVolumeHeader(bytes)).toEqual({ header: big, dataOffset: VOLUME_PREAMBLE_BYTES + reserved });
  });

  it('asks for more bytes until the whole header is there', () => {
    const bytes = encodeVolumeHeader(header);
    expect(parseVolumeHeader(bytes.slice(0, 4))).toEqual({ needBytes: VOLUME_PREAMBLE_BYTES });
    expect(parseVolumeHeader(bytes.slice(0, 20))).toEqual({ needBytes: bytes.length });
  });

  it('reads versions 1 and 2 and refuses others', () => {
    const v2 = { ...header, version: 2 as const };
    expect(parseVolumeHeader(encodeVolumeHeader(v2))).toMatchObject({ header: v2 });
    expect(storesBytePlanes(v2)).toBe(true);
    expect(storesBytePlanes(header)).toBe(false);
    expect(() => encodeVolumeHeader({ ...header, version: 3 as never })).toThrow(/unsupported version 3/);
  });

  it('refuses what is not a consistent volume', () => {
    expect(() => parseVolumeHeader(new TextEncoderLike('NOTVOL0000').bytes)).toThrow(VolumeFormatError);
    expect(() => encodeVolumeHeader({ ...header, sliceByteLengths: [1, 2] })).toThrow(/every slice/);
    expect(() => encodeVolumeHeader({ ...header, spacing: [1, 0, 1] })).toThrow(/spacing/);
    expect(() => encodeVolumeHeader(header, 10)).toThrow(/reserved/);
  });

  it('places each slice after the previous one', () => {
    expect(sliceByteRanges(header, 100)).toEqual([
      { start: 100, end: 105 },
      { start: 105, end: 106 },
      { start: 106, end: 113 },
    ]);
  });
});

describe('interpolated slices', () => {
  const parse = (value: object) => parseVolumeHeader(encodeVolumeHeader(value as VolumeHeader));

  it('round-trips the list; a header without one (every volume stored before it) has every slice acquired', () => {
    const withList = parse({ ...header, interpolatedSlices: [1] });
    expect('header' in withList && withList.header.interpolatedSlices).toEqual([1]);
    expect(isInterpolatedSlice({ interpolatedSlices: [1] }, 1)).toBe(true);
    expect(isInterpolatedSlice({ interpolatedSlices: [1] }, 0)).toBe(false);
    const without = parse(header);
    expect('header' in without && without.header.interpolatedSlices).toBeUndefined();
    for (const k of [0, 1, 2]) expect(isInterpolatedSlice(header, k)).toBe(false);
  });

  it('finds slices in a long list', () => {
    const list = Array.from({ length: 300 }, (_, i) => i * 3);
    expect(isInterpolatedSlice({ interpolatedSlices: list }, 897)).toBe(true);
    expect(isInterpolatedSlice({ interpolatedSlices: list }, 898)).toBe(false);
  });

  it('refuses a list out of order, out of range or not of integers', () => {
    for (const interpolatedSlices of [[2, 1], [3], [-1], [0.5], 'all', [1, 1]]) {
      expect(() => parse({ ...header, interpolatedSlices }), JSON.stringify(interpolatedSlices)).toThrow(
        'interpolatedSlices',
      );
    }
  });
});

describe('byte planes (version 2)', () => {
  it('puts every low byte first, then every high byte, signs included', () => {
    const values = Int16Array.from([0, 1, -1, 255, 256, -1024, 32767, -32768]);
    const lowBytes = [0x00, 0x01, 0xff, 0xff, 0x00, 0x00, 0xff, 0x00];
    const highBytes = [0x00, 0x00, 0xff, 0x00, 0x01, 0xfc, 0x7f, 0x80];
    expect([...splitBytePlanes(values)]).toEqual([...lowBytes, ...highBytes]);
  });

  it('joins back into the little-endian pairs of the same values', () => {
    const values = Int16Array.from({ length: 1000 }, (_, i) => ((i * 7919) % 65536) - 32768);
    const pairs = joinBytePlanes(splitBytePlanes(values));
    const view = new DataView(pairs.buffer);
    for (let i = 0; i < values.length; i++) expect(view.getInt16(i * 2, true)).toBe(values[i]);
  });

  it('joins into a view at an odd offset too (no 16-bit view possible there)', () => {
    const values = Int16Array.from([-1024, 0, 1, -1, 32767, -32768, 255, 256]);
    const backing = new Uint8Array(values.length * 2 + 1);
    const out = joinBytePlanes(splitBytePlanes(values), backing.subarray(1));
    expect(new Int16Array(backing.slice(1).buffer)).toEqual(values);
    expect(out.byteOffset).toBe(1);
  });

  it('refuses buffers of the wrong size', () => {
    expect(() => splitBytePlanes(new Int16Array(4), new Uint8Array(7))).toThrow(RangeError);
    expect(() => joinBytePlanes(new Uint8Array(5))).toThrow(RangeError);
    expect(() => joinBytePlanes(new Uint8Array(4), new Uint8Array(6))).toThrow(RangeError);
  });
});

describe('createVolumeStreamSplitter', () => {
  it('hands out the header and each slice as soon as its bytes have arrived, whatever the chunking', () => {
    const file = new Uint8Array([...encodeVolumeHeader(header), 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 3]);
    for (const chunkSize of [1, 7, 64, file.length]) {
      const splitter = createVolumeStreamSplitter();
      const slices: number[][] = [];
      let seen: VolumeHeader | undefined;
      for (let at = 0; at < file.length; at += chunkSize) {
        const events = splitter.push(file.slice(at, at + chunkSize));
        seen ??= events.header;
        for (const s of events.slices) slices[s.index] = [...s.compressed];
      }
      expect(seen).toEqual(header);
      expect(slices).toEqual([[1, 1, 1, 1, 1], [2], [3, 3, 3, 3, 3, 3, 3]]);
      expect(splitter.done).toBe(true);
      expect(splitter.sliceBytes).toBe(24);
    }
  });
});

class TextEncoderLike {
  bytes: Uint8Array;
  constructor(text: string) {
    this.bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  }
}
