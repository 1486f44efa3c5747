import { GeometryType } from '@cardiomap/contract';
import { Group } from 'three';
import { Line2 } from 'three/examples/jsm/lines/Line2.js';
import { LineGeometry } from 'three/examples/jsm/lines/LineGeometry.js';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import type { SceneLandmark } from './scene-types.ts';

/** Spec §3: the geometry types drawn in 3D, as a closed loop or an open polyline. */
export function landmarkLineKind(geometryType: number): 'loop' | 'line' | null {
  switch (geometryType) {
    case GeometryType.AREA:
    case GeometryType.CLOSED_CURVE:
      return 'loop';
    case GeometryType.DISTANCE:
    case GeometryType.OPEN_CURVE:
      return 'line';
    default:
      return null;
  }
}

/** Drawn after the meshes and over them: a measurement hidden inside the aortic root would be useless. */
const LANDMARK_RENDER_ORDER = 10_000;
/** Screen pixels. */
export const LANDMARK_LINE_WIDTH = 2.5;
export const LANDMARK_HALO_WIDTH = 6;
/**
 * Each line runs over a dark halo (issue 30 #17): landmark colours (red annulus, axial red) are the
 * meshes' colours too (a red aorta, the blood pool), and a bare 1-pixel red line on a red mesh vanished.
 */
export const LANDMARK_HALO_COLOR = '#0b0d10';

/** The landmarks of the 3D scene: per landmark a group of a halo and a line, one material per colour. */
export class LandmarkLayer {
  readonly group = new Group();
  private readonly materials = new Map<string, LineMaterial>();
  private resolution = { width: 1, height: 1 };

  constructor() {
    this.group.name = 'landmarks';
  }

  /** Landmarks change rarely and are small: the lines are rebuilt, the materials kept. */
  set(landmarks: readonly SceneLandmark[]): void {
    this.clearLines();
    for (const landmark of landmarks) {
      const kind = landmarkLineKind(landmark.geometryType);
      if (!kind || !landmark.isVisible || landmark.points.length < 2) continue;
      const points = kind === 'loop' ? [...landmark.points, landmark.points[0]] : landmark.points;
      const geometry = new LineGeometry();
      geometry.setPositions(points.flatMap((point) => (point ? [...point] : [])));
      const halo = new Line2(geometry, this.material(LANDMARK_HALO_COLOR, LANDMARK_HALO_WIDTH));
      const line = new Line2(geometry, this.material(landmark.color, LANDMARK_LINE_WIDTH));
      halo.renderOrder = LANDMARK_RENDER_ORDER;
      line.renderOrder = LANDMARK_RENDER_ORDER + 1;
      const node = new Group();
      node.name = landmark.id;
      node.add(halo, line);
      this.group.add(node);
    }
  }

  /** Line widths are in screen pixels: the materials need the drawing buffer's size. */
  setResolution(width: number, height: number): void {
    this.resolution = { width, height };
    for (const material of this.materials.values()) material.resolution.set(width, height);
  }

  dispose(): void {
    this.clearLines();
    for (const material of this.materials.values()) material.dispose();
    this.materials.clear();
  }

  private material(color: string, linewidth: number): LineMaterial {
    const key = `${color}/${linewidth}`;
    let material = this.materials.get(key);
    if (!material) {
      material = new LineMaterial({ color, linewidth, depthTest: false, transparent: true });
      material.resolution.set(this.resolution.width, this.resolution.height);
      this.materials.set(key, material);
    }
    return material;
  }

  private clearLines(): void {
    for (const node of [...this.group.children]) {
      // Halo and line share one geometry.
      (node.children[0] as Line2 | undefined)?.geometry.dispose();
      this.group.remove(node);
    }
  }
}
