import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOLUME_LEVELS,
  encodeVolumeHeader,
  parseVolumeHeader,
  reservedHeaderLength,
  sliceByteRanges,
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

  it('refuses what is not a consistent version-1 volume', () => {
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
