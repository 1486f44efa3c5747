import { GeometryType } from '@cardiomap/contract';
import { Box3, type Group } from 'three';
import type { Line2 } from 'three/examples/jsm/lines/Line2.js';
import type { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import { describe, expect, it } from 'vitest';
import {
  LANDMARK_HALO_COLOR,
  LANDMARK_HALO_WIDTH,
  LANDMARK_LINE_WIDTH,
  LandmarkLayer,
  landmarkLineKind,
} from './landmark-layer.ts';
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

/** The landmark's halo and line. */
const partsOf = (node: unknown) => (node as Group).children as Line2[];
/** The points a line runs through (LineGeometry keeps segment starts and ends). */
function pointsOf(line: Line2): number[] {
  const starts = line.geometry.getAttribute('instanceStart');
  const points: number[] = [];
  for (let i = 0; i < starts.count; i += 1) points.push(starts.getX(i), starts.getY(i), starts.getZ(i));
  const ends = line.geometry.getAttribute('instanceEnd');
  const last = ends.count - 1;
  points.push(ends.getX(last), ends.getY(last), ends.getZ(last));
  return points;
}
const materialOf = (line: Line2 | undefined) => line?.material as LineMaterial;

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
  it('draws each 3D landmark through its patient-coordinate points, a loop closed', () => {
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
    const [loop, line] = layer.group.children;
    expect(loop?.name).toBe('annulus');
    expect(pointsOf(partsOf(loop)[1] as Line2)).toEqual([0, 0, 0, 10, 0, 0, 10, 10, 5, 0, 0, 0]);
    expect(line?.name).toBe('height');
    expect(pointsOf(partsOf(line)[1] as Line2)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Box3().setFromObject(layer.group).max.toArray()).toEqual([10, 10, 6]);
  });

  it('runs every line in its colour over a wider dark halo, both over the meshes (issue 30 #17)', () => {
    const layer = new LandmarkLayer();
    layer.set([landmark({ color: '#d62828' })]);
    const [halo, line] = partsOf(layer.group.children[0]);
    expect(materialOf(halo).color.getHexString()).toBe(LANDMARK_HALO_COLOR.slice(1));
    expect(materialOf(line).color.getHexString()).toBe('d62828');
    expect(materialOf(halo).linewidth).toBe(LANDMARK_HALO_WIDTH);
    expect(materialOf(line).linewidth).toBe(LANDMARK_LINE_WIDTH);
    expect(LANDMARK_HALO_WIDTH).toBeGreaterThan(LANDMARK_LINE_WIDTH + 2);
    expect(materialOf(line).depthTest).toBe(false);
    expect(line?.renderOrder).toBeGreaterThan(halo?.renderOrder ?? Infinity);
  });

  it('gives the line widths the drawing size, for materials made before and after', () => {
    const layer = new LandmarkLayer();
    layer.set([landmark({ id: 'a' })]);
    layer.setResolution(800, 600);
    layer.set([landmark({ id: 'a' }), landmark({ id: 'b', color: '#00ff00' })]);
    for (const node of layer.group.children) {
      for (const part of partsOf(node)) expect(materialOf(part).resolution.toArray()).toEqual([800, 600]);
    }
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
    const [a, b] = layer.group.children;
    expect(partsOf(a)[1]?.material).toBe(partsOf(b)[1]?.material);
    expect(partsOf(a)[0]?.material).toBe(partsOf(b)[0]?.material);
    layer.set([landmark({ id: 'c', color: '#00ff00' })]);
    expect(layer.group.children.map((child) => child.name)).toEqual(['c']);
    expect(materialOf(partsOf(layer.group.children[0])[1]).color.getHexString()).toBe('00ff00');
  });
});
