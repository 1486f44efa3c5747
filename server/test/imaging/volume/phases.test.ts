import { describe, expect, it } from 'vitest';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { gatedPhantomFiles } from '../../../src/imaging/testing/phantom.ts';
import { writePhantomSlice } from '../../../src/imaging/testing/phantom-slice.ts';
import type { FramePhase } from '../../../src/imaging/types.ts';
import { phaseKindAcross, splitPhases } from '../../../src/imaging/volume/phases.ts';

const none: FramePhase = { percent: null, triggerTimeMs: null, temporalIndex: null, temporalIdentifier: null };
const frame = (z: number, phase: Partial<FramePhase>) => ({
  geometry: {
    position: [0, 0, z] as [number, number, number],
    orientation: [1, 0, 0, 0, 1, 0] as [number, number, number, number, number, number],
    pixelSpacing: [1, 1] as [number, number],
  },
  phase: { ...none, ...phase },
});

describe('splitPhases', () => {
  it('splits by the first attribute that makes whole phases, in cardiac order', () => {
    const frames = [70, 40].flatMap((percent) => [0, 2, 4].map((z) => frame(z, { percent, temporalIdentifier: 1 })));
    const split = splitPhases(frames);
    expect(split.kind).toBe('percent');
    expect(split.phases.map((p) => [p.key, p.frames.length])).toEqual([
      [40, 3],
      [70, 3],
    ]);
  });

  it('looks past an attribute with one value for all (a constant trigger time) to one that splits', () => {
    const frames = [1, 2].flatMap((temporalIndex) => [0, 2].map((z) => frame(z, { triggerTimeMs: 0, temporalIndex })));
    expect(splitPhases(frames).kind).toBe('temporal-index');
  });

  it('keeps one phase when trigger times vary from beat to beat (slabs, not phases)', () => {
    // Retrospective gating writes each beat's own delay: 4 slabs of 2 slices, one phase.
    const frames = [0, 2, 4, 6, 8, 10, 12, 14].map((z, i) => frame(z, { triggerTimeMs: 350 + Math.floor(i / 2) * 7 }));
    expect(splitPhases(frames)).toMatchObject({ kind: null, phases: [{ key: null }] });
  });

  it('keeps one phase when no frame says anything', () => {
    expect(splitPhases([frame(0, {}), frame(0, {}), frame(2, {})]).kind).toBeNull();
  });
});

describe('phaseKindAcross (one series per phase)', () => {
  it('takes series with one distinct phase value each and the same positions as phases', () => {
    const series = [30, 40, 70].map((percent) => [0, 2, 4].map((z) => frame(z, { percent })));
    expect(phaseKindAcross(series)).toBe('percent');
  });

  it('does not merge two reconstructions of one phase, nor series at other positions', () => {
    expect(phaseKindAcross([30, 30].map((percent) => [0, 2].map((z) => frame(z, { percent }))))).toBeNull();
    const apart = [
      [0, 2, 4].map((z) => frame(z, { percent: 30 })),
      [100, 102, 104].map((z) => frame(z, { percent: 70 })),
    ];
    expect(phaseKindAcross(apart)).toBeNull();
  });
});

describe('reading the phase attributes', () => {
  it('reads an FL percentage and a trigger time from an implicit-VR file (no VR to go by)', () => {
    const [file] = gatedPhantomFiles({ phases: 10, slices: 1 }).files.slice(3, 4);
    const explicit = readInstance(file?.bytes as Uint8Array);
    expect(explicit.ok && explicit.instance.phases).toEqual([
      { percent: 30, triggerTimeMs: 240, temporalIndex: null, temporalIdentifier: null },
    ]);
    const implicit = readInstance(
      writePhantomSlice({
        rows: 4,
        columns: 4,
        pixelSpacing: [1, 1],
        position: [0, 0, 0],
        orientation: [1, 0, 0, 0, 1, 0],
        studyInstanceUid: '2.25.1',
        seriesInstanceUid: '2.25.2',
        frameOfReferenceUid: '2.25.3',
        sopInstanceUid: '2.25.4',
        transferSyntax: 'implicit',
        extraElements: [
          [0x00181060, 'DS', new TextEncoder().encode('240 ')],
          [0x00181088, 'IS', new TextEncoder().encode('75')],
          [0x00209241, 'FL', new Uint8Array(new Float32Array([37.5]).buffer)],
        ],
      }),
    );
    expect(implicit.ok && implicit.instance.phases?.[0]).toMatchObject({ percent: 37.5, triggerTimeMs: 240 });
    expect(implicit.ok && implicit.instance.rrIntervalMs).toBe(800);
  });

  it('reads each frame of an enhanced CT from its functional groups', () => {
    const [file] = gatedPhantomFiles({ phases: 2, slices: 2, layout: 'enhanced' }).files;
    const read = readInstance(file?.bytes as Uint8Array);
    expect(read.ok && read.instance.phases?.map((p) => [p.percent, p.triggerTimeMs, p.temporalIndex])).toEqual([
      [0, 0, 1],
      [0, 0, 1],
      [50, 400, 2],
      [50, 400, 2],
    ]);
  });
});
