import { describe, expect, it } from 'vitest';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { phantomDisc, phantomSeries, writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';

const base = {
  rows: 32,
  columns: 48,
  pixelSpacing: [0.75, 0.5] as [number, number],
  position: [-12.5, 30.25, -101.75] as [number, number, number],
  orientation: [1, 0, 0, 0, 1, 0] as [number, number, number, number, number, number],
  seriesInstanceUid: '2.25.11',
  studyInstanceUid: '2.25.12',
  frameOfReferenceUid: '2.25.13',
  sopInstanceUid: '2.25.14',
};

describe('writePhantomSlice', () => {
  for (const transferSyntax of ['explicit', 'implicit'] as const) {
    for (const preamble of [true, false]) {
      it(`reads back with exact geometry (${transferSyntax} VR, preamble ${preamble})`, () => {
        const result = readInstance(
          writePhantomSlice({ ...base, transferSyntax, preamble, sliceThickness: 1.25, rescaleIntercept: -1024 }),
        );
        if (!result.ok) throw new Error(result.setAside.reason);
        const i = result.instance;
        expect(i.frames).toEqual([
          { position: base.position, orientation: base.orientation, pixelSpacing: [0.75, 0.5] },
        ]);
        expect([i.rows, i.columns, i.numberOfFrames, i.sliceThickness]).toEqual([32, 48, 1, 1.25]);
        expect([i.seriesInstanceUid, i.studyInstanceUid, i.frameOfReferenceUid, i.sopInstanceUid]).toEqual([
          '2.25.11',
          '2.25.12',
          '2.25.13',
          '2.25.14',
        ]);
        expect([i.rescaleIntercept, i.rescaleSlope, i.pixelRepresentation, i.bitsStored]).toEqual([-1024, 1, 1, 16]);
      });
    }
  }

  it('is set aside when flagged as burned-in or as a localizer', () => {
    expect(readInstance(writePhantomSlice({ ...base, burnedInAnnotation: true }))).toMatchObject({
      ok: false,
      setAside: { code: 'burned-in-annotation' },
    });
    expect(readInstance(writePhantomSlice({ ...base, imageType: ['ORIGINAL', 'PRIMARY', 'LOCALIZER'] }))).toMatchObject(
      {
        ok: false,
        setAside: { code: 'localizer' },
      },
    );
    expect(readInstance(writePhantomSlice({ ...base, modality: 'MR' }))).toMatchObject({
      ok: false,
      setAside: { code: 'not-ct' },
    });
  });
});

describe('phantomSeries', () => {
  it('writes slices along +z with the spacing asked for, the disc moving with the slice index', () => {
    const series = phantomSeries({ count: 5, rows: 16, columns: 16, spacing: 2.5, extension: '' });
    expect(series.map((s) => s.name)).toEqual(['IM0001', 'IM0002', 'IM0003', 'IM0004', 'IM0005']);
    const z = series.map((s) => {
      const r = readInstance(s.bytes);
      if (!r.ok) throw new Error(r.setAside.reason);
      return r.instance.frames![0]!.position[2];
    });
    expect(z).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(phantomDisc(0, 5, 16, 16).row).toBeLessThan(phantomDisc(4, 5, 16, 16).row);
  });

  it('leaves gaps, duplicates positions and tilts the column direction on request', () => {
    const series = phantomSeries({ count: 4, rows: 8, columns: 8, skip: [1], duplicate: [2], gantryTilt: 20 });
    const read = series.map((s) => readInstance(s.bytes));
    const instances = read.map((r) => (r.ok ? r.instance : undefined));
    expect(instances.map((i) => i?.frames?.[0]?.position[2])).toEqual([0, 4, 4, 6]);
    expect(new Set(instances.map((i) => i?.sopInstanceUid)).size).toBe(4);
    const tilt = (20 * Math.PI) / 180;
    expect(instances[0]?.frames?.[0]?.orientation[4]).toBeCloseTo(Math.cos(tilt), 12);
    expect(instances[0]?.gantryTilt).toBe(20);
  });
});
