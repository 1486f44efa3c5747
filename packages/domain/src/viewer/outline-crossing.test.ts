import { describe, expect, it } from 'vitest';
import type { Point2 } from './geometry.ts';
import { outlineCrossesItself } from './outline-crossing.ts';

const regular = (count: number, radius: number): Point2[] =>
  Array.from({ length: count }, (_, i) => [
    radius * Math.cos((2 * Math.PI * i) / count),
    radius * Math.sin((2 * Math.PI * i) / count),
  ]);

describe('outlineCrossesItself', () => {
  it.each([
    // Issue 15 §3: its shoelace area is the difference of its loops, 30 mm² for 41.4 mm² enclosed.
    [
      'a bow-tie',
      [
        [0, 0],
        [10, 4],
        [10, 0],
        [0, 10],
      ],
    ],
    [
      'a square with two points swapped',
      [
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
      ],
    ],
    [
      'a figure-8 through a repeated vertex',
      [
        [0, 0],
        [5, 5],
        [10, 0],
        [10, 10],
        [5, 5],
        [0, 10],
      ],
    ],
    [
      'a vertex touching an edge that is not its neighbour',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [5, 0],
        [0, 10],
      ],
    ],
    [
      'an edge running along another (collinear overlap)',
      [
        [0, 0],
        [10, 0],
        [10, -4],
        [8, -4],
        [8, 0],
        [2, 0],
        [2, 4],
        [0, 4],
      ],
    ],
    [
      'a spike retracing its own edge',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [10, 5],
        [0, 10],
      ],
    ],
    [
      'a closing edge folding back over the first one',
      [
        [0, 0],
        [10, 0],
        [10, 5],
        [6, 5],
        [6, 0],
      ],
    ],
    ['a pentagram (star drawn in one stroke)', [0, 2, 4, 1, 3].map((k) => regular(5, 10)[k] as Point2)],
    [
      'a crossing far from the origin, at CT coordinates',
      [
        [1500, -800],
        [1510, -790],
        [1510, -800],
        [1500, -790],
      ],
    ],
  ] as [string, Point2[]][])('%s crosses itself', (_, outline) => {
    expect(outlineCrossesItself(outline)).toBe(true);
    expect(outlineCrossesItself([...outline].reverse())).toBe(true);
  });

  it.each([
    [
      'a square',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
    ],
    ['a 360-gon', regular(360, 12.5)],
    ['a 2000-point circle', regular(2000, 15)],
    [
      'a concave L',
      [
        [0, 0],
        [20, 0],
        [20, 5],
        [5, 5],
        [5, 25],
        [0, 25],
      ],
    ],
    ['a star (concave, drawn around)', regular(10, 10).map(([x, y], i): Point2 => (i % 2 ? [x / 2, y / 2] : [x, y]))],
    [
      'a C whose slit is 10 µm wide',
      [
        [0, 0],
        [10, 0],
        [10, 4.995],
        [1, 4.995],
        [1, 5.005],
        [10, 5.005],
        [10, 10],
        [0, 10],
      ],
    ],
    [
      'a vertex 1 µm from an edge',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [5, 0.001],
        [0, 10],
      ],
    ],
    [
      'a very sharp but open spike',
      [
        [0, 0],
        [10, 0],
        [10, 5],
        [20, 5.01],
        [10, 5.02],
        [10, 10],
        [0, 10],
      ],
    ],
    [
      'a point placed twice in a row (double click)',
      [
        [0, 0],
        [10, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
    ],
    [
      'a last point closing onto the first',
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
    ],
    [
      'a 0.1 mm square far from the origin',
      [
        [1500, -800],
        [1500.1, -800],
        [1500.1, -799.9],
        [1500, -799.9],
      ],
    ],
    [
      'a triangle',
      [
        [0, 0],
        [4, 0],
        [0, 3],
      ],
    ],
  ] as [string, Point2[]][])('%s does not cross itself', (_, outline) => {
    expect(outlineCrossesItself(outline)).toBe(false);
    expect(outlineCrossesItself([...outline].reverse())).toBe(false);
  });

  it('leaves outlines of fewer than three distinct points to the caller’s other rules', () => {
    expect(outlineCrossesItself([])).toBe(false);
    expect(
      outlineCrossesItself([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(false);
    expect(
      outlineCrossesItself([
        [0, 0],
        [1, 1],
        [1, 1],
        [0, 0],
      ]),
    ).toBe(false);
  });
});
