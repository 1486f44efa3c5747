import { GeometryType } from '@cardiomap/contract';
import { type Line, type LineBasicMaterial, LineLoop } from 'three';
import { describe, expect, it } from 'vitest';
import { LandmarkLayer, landmarkLineKind } from './landmark-layer.ts';
import type { SceneLandmark } from './scene-types.ts';

const landmark = (overrides: Partial<SceneLandmark>): SceneLandmark => ({
  id: 'annulus',
  geometryType: GeometryType.CLOSED_CURVE,
  points: [
    [0, 0, 0],
    [10, 0, 0],
    [10, 10, 5],
  ],
  color: '#ff0000',
  isVisible: true,
  ...overrides,
});

describe('landmarkLineKind', () => {
  it('closes areas and closed curves, leaves distances and open curves open, skips the rest', () => {
    expect(landmarkLineKind(GeometryType.AREA)).toBe('loop');
    expect(landmarkLineKind(GeometryType.CLOSED_CURVE)).toBe('loop');
    expect(landmarkLineKind(GeometryType.DISTANCE)).toBe('line');
    expect(landmarkLineKind(GeometryType.OPEN_CURVE)).toBe('line');
    expect(landmarkLineKind(GeometryType.POINT)).toBeNull();
    expect(landmarkLineKind(GeometryType.ANGLE)).toBeNull();
    expect(landmarkLineKind(GeometryType.CENTERLINE)).toBeNull();
  });
});

describe('LandmarkLayer', () => {
  it('draws each 3D landmark through its patient-coordinate points', () => {
    const layer = new LandmarkLayer();
    layer.set([
      landmark({}),
      landmark({
        id: 'height',
        geometryType: GeometryType.DISTANCE,
        points: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      }),
    ]);
    const [loop, line] = layer.group.children as Line[];
    expect(loop).toBeInstanceOf(LineLoop);
    expect(loop!.name).toBe('annulus');
    expect(Array.from(loop!.geometry.getAttribute('position').array)).toEqual([0, 0, 0, 10, 0, 0, 10, 10, 5]);
    expect(line).not.toBeInstanceOf(LineLoop);
    expect(Array.from(line!.geometry.getAttribute('position').array)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('skips hidden landmarks, 2D-only types and lines without two points', () => {
    const layer = new LandmarkLayer();
    layer.set([
      landmark({ isVisible: false }),
      landmark({ geometryType: GeometryType.POINT }),
      landmark({ geometryType: GeometryType.DISTANCE, points: [[0, 0, 0]] }),
    ]);
    expect(layer.group.children).toHaveLength(0);
  });

  it('replaces the lines on every set, sharing one material per colour', () => {
    const layer = new LandmarkLayer();
    layer.set([landmark({ id: 'a' }), landmark({ id: 'b' })]);
    const [a, b] = layer.group.children as Line[];
    expect(a!.material).toBe(b!.material);
    layer.set([landmark({ id: 'c', color: '#00ff00' })]);
    expect(layer.group.children.map((child) => child.name)).toEqual(['c']);
    expect(((layer.group.children[0] as Line).material as LineBasicMaterial).color.getHexString()).toBe('00ff00');
  });
});
