import { describe, expect, it } from 'vitest';
import type { FrameGeometry, ParsedInstance } from '../../../src/imaging/types.ts';
import { chooseSeries, contrastOf, groupSeries, type SeriesCandidate } from '../../../src/imaging/volume/series.ts';

function instance(over: Partial<ParsedInstance> & { z: number; orientation?: number[] }): ParsedInstance {
  const { z, orientation = [1, 0, 0, 0, 1, 0], ...rest } = over;
  return {
    transferSyntaxUid: '1.2.840.10008.1.2.1',
    sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
    sopInstanceUid: `1.9.${z}`,
    studyInstanceUid: '1.1',
    seriesInstanceUid: '1.2',
    frameOfReferenceUid: '1.3',
    modality: 'CT',
    imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
    seriesDescription: '',
    seriesNumber: 1,
    instanceNumber: 1,
    acquisitionNumber: 1,
    rows: 16,
    columns: 16,
    numberOfFrames: 1,
    bitsAllocated: 16,
    bitsStored: 12,
    pixelRepresentation: 0,
    samplesPerPixel: 1,
    photometricInterpretation: 'MONOCHROME2',
    rescaleSlope: 1,
    rescaleIntercept: -1024,
    pixelPaddingValue: undefined,
    windowCenter: undefined,
    windowWidth: undefined,
    sliceThickness: 1,
    gantryTilt: 0,
    contrastBolusAgent: undefined,
    burnedInAnnotation: false,
    frames: [
      { position: [0, 0, z], orientation: orientation as FrameGeometry['orientation'], pixelSpacing: [0.5, 0.5] },
    ],
    ...rest,
  };
}

const series = (uid: string, zs: number[], over: Partial<ParsedInstance> = {}) =>
  zs.map((z) => instance({ z, seriesInstanceUid: uid, sopInstanceUid: `${uid}.${z}`, ...over }));

function choose(instances: ParsedInstance[], override?: string): SeriesCandidate {
  const choice = chooseSeries(groupSeries(instances.map((instance, file) => ({ file, instance }))), override);
  if (!choice.ok) throw new Error(choice.reason);
  return choice.group.candidate;
}

describe('series choice (documented rule)', () => {
  it('prefers axial, then most slices, then thinnest spacing, then contrast', () => {
    const sagittal = series('9.1', [0, 1, 2, 3, 4, 5, 6, 7], {}).map((i) => ({
      ...i,
      frames: i.frames?.map((f) => ({ ...f, position: [f.position[2], 0, 0], orientation: [0, 1, 0, 0, 0, -1] })),
    })) as ParsedInstance[];
    const axialFew = series('9.2', [0, 2, 4]);
    expect(choose([...sagittal, ...axialFew]).seriesInstanceUid).toBe('9.2');

    const axialMany = series('9.3', [0, 2, 4, 6]);
    expect(choose([...axialFew, ...axialMany]).seriesInstanceUid).toBe('9.3');

    const thin = series('9.4', [0, 1, 2, 3]);
    expect(choose([...axialMany, ...thin]).seriesInstanceUid).toBe('9.4');

    const plain = series('9.5', [0, 1, 2, 3], { seriesDescription: 'Thorax nativ' });
    const enhanced = series('9.6', [0, 1, 2, 3], { contrastBolusAgent: 'Iomeprol' });
    expect(choose([...plain, ...enhanced]).seriesInstanceUid).toBe('9.6');
    // Order of files never decides.
    expect(choose([...enhanced, ...plain]).seriesInstanceUid).toBe('9.6');
  });

  it('takes staff’s choice over the rule, and explains an unusable one', () => {
    const many = series('9.7', [0, 1, 2, 3, 4]);
    const few = series('9.8', [0, 1]);
    expect(choose([...many, ...few], '9.8').seriesInstanceUid).toBe('9.8');
    const one = series('9.9', [0]);
    const groups = groupSeries([...many, ...one].map((instance, file) => ({ file, instance })));
    expect(chooseSeries(groups, '9.9')).toEqual({
      ok: false,
      reason: 'The chosen series cannot be used: a volume needs at least two slices.',
    });
  });

  it('describes each candidate; its description is the de-identified one, the contrast guess reads the original', () => {
    const groups = groupSeries(
      series('9.10', [10, 12.5, 15], { seriesDescription: 'CTA Herz 0.6 B26f', sliceThickness: 0.6 }).map(
        (instance, file) => ({
          file,
          instance,
        }),
      ),
    );
    expect(groups.map((g) => g.candidate)).toEqual([
      {
        seriesInstanceUid: '9.10',
        part: 1,
        studyInstanceUid: '1.1',
        seriesNumber: 1,
        // PS3.15 Table E.1-1 removes Series Description (X).
        description: '',
        fileCount: 3,
        sliceCount: 3,
        rows: 16,
        columns: 16,
        spacing: [0.5, 0.5, 2.5],
        sliceThickness: 0.6,
        orientation: 'axial',
        isContrastEnhanced: true,
        usable: true,
        gap: null,
        phaseCount: 1,
      },
    ]);
  });

  it('splits a series UID holding two image sizes into two candidates', () => {
    const big = series('9.11', [0, 1, 2]);
    const small = series('9.11', [0, 1, 2, 3], { rows: 8, columns: 8 }).map((i) => ({
      ...i,
      sopInstanceUid: `${i.sopInstanceUid}.s`,
    }));
    const groups = groupSeries([...big, ...small].map((instance, file) => ({ file, instance })));
    expect(groups.map((g) => [g.candidate.part, g.candidate.rows, g.candidate.sliceCount])).toEqual([
      [1, 16, 3],
      [2, 8, 4],
    ]);
    expect(groups.every((g) => g.candidate.note?.includes('mixes stacks'))).toBe(true);
  });
});

describe('contrastOf', () => {
  const d = (seriesDescription: string, contrastBolusAgent?: string) => [
    instance({ z: 0, seriesDescription, contrastBolusAgent }),
  ];
  it.each([
    ['', 'Omnipaque 350', true],
    ['', 'NONE', null],
    ['Thorax C+ 1.0', undefined, true],
    ['CTA Aorta', undefined, true],
    ['Arterial phase', undefined, true],
    ['Ca score non-contrast', undefined, false],
    ['Abdomen w/o', undefined, false],
    ['Thorax nativ 3mm', undefined, false],
    ['PANCREAS DI, iDose (3)', undefined, null],
  ])('%s / %s → %s', (description, agent, expected) => {
    expect(contrastOf(d(description, agent))).toBe(expected);
  });
});
