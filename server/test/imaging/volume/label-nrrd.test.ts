import { describe, expect, it } from 'vitest';
import { readLabelNrrd, writeLabelNrrd } from '../../../src/imaging/volume/label-nrrd.ts';

describe('label NRRD', () => {
  const volume = {
    labels: Uint8Array.from({ length: 4 * 3 * 2 }, (_, i) => i % 6),
    dims: [4, 3, 2] as [number, number, number],
    // An oblique grid: rows along a rotated x, 0.7 mm columns, 1.25 mm slices, a real origin.
    toPatient: [0.6, -0.1, 0, -120.5, 0.1, 0.6, 0, 33.25, 0, 0, 1.25, -402.125],
    names: { 1: 'LV cavity', 2: 'Aortic root + LVOT', 8: 'Calcium' },
  };

  it('writes an NRRD header a reader of the format understands, and reads back the same volume', () => {
    const bytes = writeLabelNrrd(volume);
    const header = Buffer.from(bytes).toString('latin1', 0, Buffer.from(bytes).indexOf('\n\n'));
    expect(header).toContain('space: left-posterior-superior');
    expect(header).toContain('sizes: 4 3 2');
    expect(header).toContain('space directions: (0.6,0.1,0) (-0.1,0.6,0) (0,0,1.25)');
    expect(header).toContain('space origin: (-120.5,33.25,-402.125)');
    expect(header).toContain('label_8:=Calcium');
    expect(readLabelNrrd(bytes)).toEqual({ ...volume, labels: volume.labels });
  });

  it('refuses a grid the labels do not fill and a file that is not its kind', () => {
    expect(() => writeLabelNrrd({ ...volume, dims: [5, 3, 2] })).toThrow(/do not fill/);
    expect(() => readLabelNrrd(new TextEncoder().encode('hello\n\nworld'))).toThrow(/Not an NRRD/);
    const float = new TextEncoder().encode('NRRD0004\ntype: float\ndimension: 3\nencoding: raw\n\n');
    expect(() => readLabelNrrd(float)).toThrow(/uint8 gzip/);
  });
});
