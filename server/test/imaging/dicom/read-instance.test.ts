import { describe, expect, it } from 'vitest';
import { DataSetWriter, UNDEFINED_LENGTH } from '../../../src/imaging/dicom/data-set-writer.ts';
import { decodeFrameHU } from '../../../src/imaging/dicom/decode-frame.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';
import type { SetAside } from '../../../src/imaging/types.ts';
import { HAS_SHARED_DICOM, listFiles, readShared, SERIES_DIR } from './shared-dicom.ts';

const slice = () =>
  writePhantomSlice({
    rows: 8,
    columns: 8,
    pixelSpacing: [1, 1],
    position: [0, 0, 0],
    orientation: [1, 0, 0, 0, 1, 0],
    seriesInstanceUid: '2.25.1',
    studyInstanceUid: '2.25.2',
    frameOfReferenceUid: '2.25.3',
    sopInstanceUid: '2.25.4',
    transferSyntax: 'implicit',
  });

/** A Part-10 file without preamble, magic and file meta: the bare implicit-VR data set. */
function bareDataSet(file: Uint8Array): Uint8Array {
  const groupLength = new DataView(file.buffer, file.byteOffset).getUint32(132 + 8, true);
  return file.subarray(132 + 12 + groupLength);
}

describe('readInstance on self-made bytes', () => {
  it('reads a bare implicit-VR data set without preamble or file meta', () => {
    const result = readInstance(bareDataSet(slice()));
    expect(result.ok && result.instance.transferSyntaxUid).toBe('1.2.840.10008.1.2');
  });

  it('reads past a private sequence of undefined length in an implicit-VR data set', () => {
    const file = slice();
    const metaEnd = 132 + 12 + new DataView(file.buffer, file.byteOffset).getUint32(132 + 8, true);
    const privateSq = new DataSetWriter(false);
    privateSq.text(0x00090010, 'LO', 'ACME 1.0');
    privateSq.header(0x00091010, 'SQ', UNDEFINED_LENGTH);
    privateSq.delimiter(0xfffee000, UNDEFINED_LENGTH);
    privateSq.text(0x00091011, 'LO', 'nested private value');
    privateSq.delimiter(0xfffee00d, 0);
    privateSq.delimiter(0xfffee0dd, 0);
    const bytes = new Uint8Array([...file.subarray(0, metaEnd), ...privateSq.toBytes(), ...file.subarray(metaEnd)]);
    const result = readInstance(bytes);
    if (!result.ok) throw new Error(result.setAside.reason);
    expect([result.instance.rows, result.instance.columns, result.instance.sopInstanceUid]).toEqual([8, 8, '2.25.4']);
  });

  it.each([
    ['empty', () => new Uint8Array(0), 'not-dicom'],
    ['text', () => new TextEncoder().encode('hello, this is not an image at all'), 'not-dicom'],
    ['a zip', () => new Uint8Array([0x50, 0x4b, 3, 4, ...new Array(200).fill(0)]), 'not-dicom'],
    ['cut in the pixel data', () => slice().subarray(0, slice().length - 40), 'truncated'],
    ['cut in the header', () => slice().subarray(0, 405), 'truncated'],
    ['cut inside a header value', () => slice().subarray(0, 396), 'truncated'],
  ])('sets aside %s as %s', (_name, bytes, code) => {
    const result = readInstance(bytes());
    expect(result.ok ? 'ok' : result.setAside.code).toBe(code);
  });
});

/** Files whose outcome matters, with the code a clinician's report should show. */
const EXPECTED: Record<string, SetAside['code'] | 'ok'> = {
  'corpus/ct-study-extras/philips_ct_localizer_surview.dcm': 'localizer',
  'corpus/ct-study-extras/philips_ct_exam-summary_secondary-capture.dcm': 'derived-or-secondary',
  'corpus/ct-study-extras/ct_secondary-capture_8bit_abdo.dcm': 'derived-or-secondary',
  'corpus/ct-study-extras/philips_DICOMDIR_media-export': 'dicomdir',
  'corpus/non-image/DICOMDIR': 'dicomdir',
  'corpus/non-image/sr_comprehensive.dcm': 'not-an-image',
  'corpus/non-image/rtstruct_raysearch.dcm': 'not-an-image',
  'corpus/non-image/encapsulated-pdf.dcm': 'not-an-image',
  'corpus/non-image/seg_liver_3frames.dcm': 'not-an-image',
  'corpus/non-image/waveform_hemodynamic_deflated.dcm': 'not-an-image',
  'corpus/other-modality/mr_small.dcm': 'not-ct',
  'corpus/other-modality/pt_siemens.dcm': 'not-ct',
  'corpus/ct-vendors/philips-elscint_ct_private-PMSCT_RLE1.dcm': 'unsupported-transfer-syntax',
  'corpus/malformed/sc_65535x65535_declared.dcm': 'too-large',
  'corpus/malformed/mr_truncated-pixeldata.dcm': 'truncated',
  'corpus/malformed/rtplan_truncated.dcm': 'truncated',
  'corpus/malformed/ct_header-only_no-pixeldata.dcm': 'no-pixel-data',
  'corpus/malformed/meta-missing-transfer-syntax.dcm': 'corrupt',
  'corpus/malformed/dwv_no-number-rows.dcm': 'corrupt',
  'corpus/transfer-syntax/ct_no-preamble-no-meta_implicit.dcm': 'unusable-geometry',
  'corpus/zip/dwv_bbmri_2-slices.zip': 'not-dicom',
  'corpus/transfer-syntax/ct_implicit-vr-le_1.2.840.10008.1.2.dcm': 'ok',
  'corpus/transfer-syntax/ct_explicit-vr-be_1.2.840.10008.1.2.2.dcm': 'ok',
  'corpus/transfer-syntax/ct_rle-fragments_1.2.840.10008.1.2.5.dcm': 'ok',
  'corpus/multiframe/enhanced-ct_2frames_jpegls_fragmented-no-BOT.dcm': 'ok',
  'corpus/cardiac-ct/siemens_cta-coronary-testbolus_slice100_j2k.dcm': 'ok',
};

describe.skipIf(!HAS_SHARED_DICOM)('readInstance on the shared DICOM folder', () => {
  it.each(Object.entries(EXPECTED))('%s → %s', (path, code) => {
    const result = readInstance(readShared(path));
    expect(result.ok ? 'ok' : result.setAside.code).toBe(code);
  });

  it('uses or sets aside every file, and every frame of every used CT decodes to plausible HU', async () => {
    const outcomes: string[] = [];
    for (const path of listFiles()) {
      const result = readInstance(readShared(path));
      if (!result.ok) {
        expect(result.setAside.reason.length, path).toBeGreaterThan(0);
        outcomes.push(`${path}: ${result.setAside.code}`);
        continue;
      }
      const { instance } = result;
      expect(instance.frames, path).toHaveLength(instance.numberOfFrames);
      for (let frame = 0; frame < instance.numberOfFrames; frame++) {
        const hu = await decodeFrameHU(result.source, frame);
        expect(hu, path).toHaveLength(instance.rows * instance.columns);
        let min = 32767;
        let max = -32768;
        for (const v of hu) {
          if (v < min) min = v;
          if (v > max) max = v;
        }
        // Air is somewhere in any CT; bone and contrast stay far below the int16 ceiling.
        expect(min, path).toBeLessThan(0);
        expect(max, path).toBeLessThan(4000);
        expect(max - min, path).toBeGreaterThan(100);
      }
      outcomes.push(`${path}: used`);
    }
    expect(outcomes.filter((o) => o.endsWith('used')).length).toBeGreaterThanOrEqual(134 + 20);
  }, 120_000);

  it('reads the 134-slice series as usable axial CT with the geometry PROVENANCE.md gives', async () => {
    const files = listFiles(SERIES_DIR);
    expect(files).toHaveLength(134);
    const z: number[] = [];
    let min = 32767;
    let max = -32768;
    for (const path of files) {
      const result = readInstance(readShared(path));
      if (!result.ok) throw new Error(`${path}: ${result.setAside.reason}`);
      const i = result.instance;
      expect([i.rows, i.columns, i.bitsAllocated, i.bitsStored, i.pixelRepresentation]).toEqual([512, 512, 16, 12, 0]);
      expect([i.rescaleSlope, i.rescaleIntercept, i.sliceThickness, i.gantryTilt]).toEqual([1, -1000, 3, 0]);
      expect(i.frames![0]!.orientation).toEqual([1, 0, 0, 0, 1, 0]);
      expect(i.frames![0]!.pixelSpacing).toEqual([1.07421875, 1.07421875]);
      expect(i.transferSyntaxUid).toBe('1.2.840.10008.1.2');
      z.push(i.frames![0]!.position[2]);
      const hu = await decodeFrameHU(result.source, 0);
      for (const v of hu) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    z.sort((a, b) => a - b);
    expect(z[0]).toBeCloseTo(85.91, 6);
    expect(z.at(-1)).toBeCloseTo(484.91, 6);
    expect(new Set(z.slice(1).map((v, k) => (v - z[k]!).toFixed(6)))).toEqual(new Set(['3.000000']));
    expect([min, max]).toEqual([-1000, 1988]);
  }, 120_000);
});
