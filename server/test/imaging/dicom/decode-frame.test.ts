import { describe, expect, it } from 'vitest';
import { DecodeError, decodeFrameHU, PADDING_HU } from '../../../src/imaging/dicom/decode-frame.ts';
import { encapsulatedFrame } from '../../../src/imaging/dicom/encapsulated-frame.ts';
import { decodeJpegDct } from '../../../src/imaging/dicom/jpeg-dct.ts';
import { type DicomSource, readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { decodeWithWasm } from '../../../src/imaging/dicom/wasm-codecs.ts';
import { openAnyImage } from '../../../src/imaging/testing/open-any-image.ts';
import { phantomHU, phantomSeries, writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';
import { HAS_SHARED_DICOM, readShared } from './shared-dicom.ts';

/** Index of the first differing pixel, -1 when identical (vitest's deep equality is slow on 262,144 pixels). */
function firstDifference(a: Int16Array, b: Int16Array): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function open(bytes: Uint8Array): DicomSource {
  const result = readInstance(bytes);
  if (!result.ok) throw new Error(result.setAside.reason);
  return result.source;
}

function oneSlice(pixels: number[], extra: Partial<DicomSource['instance']> = {}): DicomSource {
  const source = open(
    writePhantomSlice({
      rows: 1,
      columns: pixels.length,
      pixelSpacing: [1, 1],
      position: [0, 0, 0],
      orientation: [1, 0, 0, 0, 1, 0],
      pixels: new Int16Array(pixels),
      rescaleIntercept: 0,
      seriesInstanceUid: '2.25.1',
      studyInstanceUid: '2.25.2',
      frameOfReferenceUid: '2.25.3',
      sopInstanceUid: '2.25.4',
    }),
  );
  return { ...source, instance: { ...source.instance, ...extra } };
}

describe('decodeFrameHU on phantoms', () => {
  for (const transferSyntax of ['implicit', 'explicit'] as const) {
    it(`gives the phantom's HU exactly (${transferSyntax} VR)`, async () => {
      const series = phantomSeries({ count: 3, rows: 24, columns: 20, transferSyntax, preamble: false });
      for (const [k, file] of series.entries()) {
        const hu = await decodeFrameHU(open(file.bytes), 0);
        const expected = Int16Array.from({ length: 24 * 20 }, (_, i) =>
          phantomHU(k, 3, 24, 20, Math.floor(i / 20), i % 20),
        );
        expect(hu).toEqual(expected);
      }
    });
  }

  it('decodes bytes that sit at an odd offset inside a larger buffer (as a zip reader may hand them over)', async () => {
    const [file] = phantomSeries({ count: 1, rows: 16, columns: 16 });
    const shifted = new Uint8Array(file!.bytes.length + 1);
    shifted.set(file!.bytes, 1);
    const hu = await decodeFrameHU(open(shifted.subarray(1)), 0);
    expect(hu).toEqual(await decodeFrameHU(open(file!.bytes), 0));
  });

  it('masks to BitsStored and sign-extends per PixelRepresentation', async () => {
    // 0xF7FF: bits above the 12 stored carry junk (overlay bits in old files); 0x0800 is the 12-bit sign bit.
    const raw = [0x07ff, -0x0801 /* 0xF7FF */, 0x0800, 0x0fff];
    expect(Array.from(await decodeFrameHU(oneSlice(raw, { bitsStored: 12, pixelRepresentation: 0 }), 0))).toEqual([
      2047, 2047, 2048, 4095,
    ]);
    expect(Array.from(await decodeFrameHU(oneSlice(raw, { bitsStored: 12, pixelRepresentation: 1 }), 0))).toEqual([
      2047, 2047, -2048, -1,
    ]);
  });

  it('applies slope and intercept, maps padding to air and clamps to int16', async () => {
    const source = oneSlice([-2000, 0, 100, 30000], {
      rescaleSlope: 2,
      rescaleIntercept: -1024,
      pixelPaddingValue: -2000,
    });
    expect(Array.from(await decodeFrameHU(source, 0))).toEqual([PADDING_HU, -1024, -824, 32767]);
  });

  it('treats the whole range from PixelPaddingValue to PixelPaddingRangeLimit as padding', async () => {
    const source = oneSlice([-3000, -2500, -2000, -1999], { pixelPaddingValue: -2000, pixelPaddingRangeLimit: -3000 });
    expect(Array.from(await decodeFrameHU(source, 0))).toEqual([PADDING_HU, PADDING_HU, PADDING_HU, -1999]);
  });

  it('refuses a frame index that does not exist', async () => {
    await expect(decodeFrameHU(oneSlice([0]), 1)).rejects.toBeInstanceOf(DecodeError);
  });
});

const TS_DIR = 'corpus/transfer-syntax';
const decodeShared = async (path: string, frame = 0) => decodeFrameHU(open(readShared(path)), frame);

describe.skipIf(!HAS_SHARED_DICOM)('decodeFrameHU on real transfer syntaxes', () => {
  it('decodes the NEMA CT1 image identically from implicit, explicit, big endian, RLE and JPEG-LS lossless', async () => {
    const reference = await decodeShared(`${TS_DIR}/ct_implicit-vr-le_1.2.840.10008.1.2.dcm`);
    expect(reference.some((v) => v > 1000) && reference.some((v) => v < -900)).toBe(true);
    for (const name of [
      'ct_explicit-vr-le_1.2.840.10008.1.2.1.dcm',
      'ct_explicit-vr-be_1.2.840.10008.1.2.2.dcm',
      'ct_rle-fragments_1.2.840.10008.1.2.5.dcm',
      'ct_jpegls-lossless_1.2.840.10008.1.2.4.80.dcm',
    ]) {
      expect(firstDifference(await decodeShared(`${TS_DIR}/${name}`), reference), name).toBe(-1);
    }
  });

  it('decodes lossy JPEG 2000 of the same image within a lossy tolerance', async () => {
    const reference = await decodeShared(`${TS_DIR}/ct_implicit-vr-le_1.2.840.10008.1.2.dcm`);
    const lossy = await decodeShared(`${TS_DIR}/ct_j2k_1.2.840.10008.1.2.4.91.dcm`);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < reference.length; i++) {
      if (reference[i] === PADDING_HU) continue; // the lossy codec blurs the padding value itself
      sum += Math.abs(reference[i]! - lossy[i]!);
      n++;
    }
    expect(sum / n).toBeLessThan(40);
  });

  it('decodes every frame of the enhanced CT identically from explicit, JPEG-LS without offset table and RLE', async () => {
    for (const frame of [0, 1]) {
      const reference = await decodeShared('corpus/multiframe/enhanced-ct_2frames_explicit.dcm', frame);
      for (const name of ['enhanced-ct_2frames_jpegls_fragmented-no-BOT.dcm', 'enhanced-ct_2frames_rle_BOT.dcm']) {
        expect(firstDifference(await decodeShared(`corpus/multiframe/${name}`, frame), reference), name).toBe(-1);
      }
      // The 12-bit lossy JPEG was made by DCMTK from 16-bit data with values shifted by ~1023 and the rescale
      // left as it was: the decode must match the reference up to that constant and the lossy error.
      const jpeg = await decodeShared('corpus/multiframe/enhanced-ct_2frames_jpeg-extended_fragmented.dcm', frame);
      const diffs = Array.from(jpeg, (v, i) => v - reference[i]!).sort((a, b) => a - b);
      const median = diffs[diffs.length >> 1]!;
      expect(median).toBeGreaterThanOrEqual(1020);
      expect(median).toBeLessThanOrEqual(1026);
      expect(diffs.reduce((s, d) => s + Math.abs(d - median), 0) / diffs.length).toBeLessThan(5);
    }
  });

  it('reads a JPEG 2000 codestream marked signed as signed although PixelRepresentation says 0 (Toshiba)', async () => {
    const hu = await decodeShared(`${TS_DIR}/ct_j2k-lossless_1.2.840.10008.1.2.4.90.dcm`);
    const min = hu.reduce((a, b) => Math.min(a, b));
    expect(min).toBeGreaterThanOrEqual(-2048);
    expect(hu.filter((v) => v < -900).length).toBeGreaterThan(hu.length / 4);
  });

  it.each([
    [`${TS_DIR}/ct_deflated_1.2.840.10008.1.2.1.99.dcm`, 358 * 512],
    [`${TS_DIR}/ct_jpeg-lossless-sv1_1.2.840.10008.1.2.4.70.dcm`, 400 * 512],
    [`${TS_DIR}/mr_jpeg-lossless-p14_1.2.840.10008.1.2.4.57.dcm`, 1024 * 1024],
    [`${TS_DIR}/mr_jpeg-extended_1.2.840.10008.1.2.4.51.dcm`, 512 * 512],
    ['corpus/ct-vendors/philips_ct_716x512_j2k-lossy.dcm', 716 * 512],
  ])('decodes %s (set aside as not a CT slice, but its transfer syntax must decode)', async (path, pixels) => {
    const hu = await decodeFrameHU(openAnyImage(readShared(path)), 0);
    expect(hu).toHaveLength(pixels);
    expect(new Set(hu).size).toBeGreaterThan(100);
  });

  it.each([
    [`${TS_DIR}/rgb_htj2k-lossless_1.2.840.10008.1.2.4.201.dcm`, 'htj2k'],
    [`${TS_DIR}/us_jpeg-baseline_1.2.840.10008.1.2.4.50.dcm`, 'jpeg-8bit'],
  ] as const)('decodes the colour codestream of %s with the %s codec', async (path, codec) => {
    const source = openAnyImage(readShared(path));
    const frame = encapsulatedFrame(source.dataSet, source.pixelData, 0, 1, codec === 'jpeg-8bit');
    const { info, bytes } = await decodeWithWasm(codec, frame);
    expect([info.width, info.height, info.componentCount]).toEqual([640, 480, 3]);
    expect(bytes).toHaveLength(640 * 480 * 3);
  });

  it('decodes 8-bit greyscale JPEG with its own DCT decoder as libjpeg-turbo does (±1 rounding)', async () => {
    const source = openAnyImage(readShared('corpus/multiframe/xa_96frames_jpeg-baseline.dcm'));
    for (const frameIndex of [0, 95]) {
      const frame = encapsulatedFrame(source.dataSet, source.pixelData, frameIndex, 96, true);
      const own = decodeJpegDct(frame);
      const { bytes: reference } = await decodeWithWasm('jpeg-8bit', frame);
      expect(own).toHaveLength(reference.length);
      let worst = 0;
      for (let i = 0; i < reference.length; i++) worst = Math.max(worst, Math.abs(own[i]! - reference[i]!));
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a codestream whose header disagrees with Rows/Columns before decoding it', async () => {
    const source = openAnyImage(readShared(`${TS_DIR}/rgb_htj2k-lossless_1.2.840.10008.1.2.4.201.dcm`));
    const lying = { ...source, instance: { ...source.instance, rows: 60000, columns: 60000, samplesPerPixel: 1 } };
    await expect(decodeFrameHU(lying, 0)).rejects.toThrow(/640×480, expected 60000×60000/);
  });

  it('throws DecodeError, not anything else, on a damaged compressed frame', async () => {
    const source = open(readShared(`${TS_DIR}/ct_rle-fragments_1.2.840.10008.1.2.5.dcm`));
    const first = source.pixelData.fragments![0]!;
    source.bytes[first.position] = 7; // the RLE header now announces 7 segments for 16-bit samples
    await expect(decodeFrameHU(source, 0)).rejects.toBeInstanceOf(DecodeError);

    const jpegLs = open(readShared(`${TS_DIR}/ct_jpegls-lossless_1.2.840.10008.1.2.4.80.dcm`));
    const fragment = jpegLs.pixelData.fragments![0]!;
    jpegLs.bytes.fill(0xff, fragment.position + 40, fragment.position + fragment.length);
    await expect(decodeFrameHU(jpegLs, 0)).rejects.toBeInstanceOf(DecodeError);
  });
});
