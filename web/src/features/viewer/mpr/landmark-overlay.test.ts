import { describe, expect, it } from 'vitest';
import { type MprLandmark, paneShapes, shapePath } from './landmark-overlay.ts';

const AXIAL_AT_Z10 = { normal: [0, 0, -1], centroid: [0, 0, 10] } as const;
const toCanvas = (p: readonly [number, number, number]) => [p[0] * 2, p[1] * 2] as const;

function landmark(points: MprLandmark['points'], closed = false): MprLandmark {
  return { id: 'lm', color: 'red', points, closed, draggable: false };
}

describe('paneShapes', () => {
  it('shows the points within 0.5 mm of the plane and leaves gaps for the others', () => {
    const shapes = paneShapes(
      [
        landmark([
          [1, 1, 10.4],
          [2, 2, 9.6],
          [3, 3, 10.6],
        ]),
      ],
      AXIAL_AT_Z10,
      toCanvas,
    );
    expect(shapes).toEqual([
      { id: 'lm', color: 'red', closed: false, draggable: false, points: [[2, 2], [4, 4], null] },
    ]);
  });

  it('leaves out a landmark with no point on the plane', () => {
    expect(paneShapes([landmark([[0, 0, 12]])], AXIAL_AT_Z10, toCanvas)).toEqual([]);
  });

  it('measures the distance along an oblique plane normal', () => {
    const oblique = { normal: [Math.SQRT1_2, Math.SQRT1_2, 0], centroid: [0, 0, 0] } as const;
    const near = landmark([[0.3, 0.3, 5]]); // 0.42 mm from the plane
    const far = landmark([[0.4, 0.4, 5]]); // 0.57 mm
    expect(paneShapes([near], oblique, toCanvas)).toHaveLength(1);
    expect(paneShapes([far], oblique, toCanvas)).toHaveLength(0);
  });
});

describe('shapePath', () => {
  it('closes a closed curve only when every point shows', () => {
    const square = {
      id: 'a',
      color: 'red',
      closed: true,
      draggable: false,
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ] as Array<readonly [number, number]>,
    };
    expect(shapePath(square)).toBe('M0.0 0.0 L10.0 0.0 L10.0 10.0 Z');
    expect(shapePath({ ...square, points: [[0, 0], null, [10, 10]] })).toBe('M0.0 0.0 M10.0 10.0');
  });
});
