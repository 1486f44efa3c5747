import { GeometryType } from '@cardiomap/contract';
import { BufferGeometry, Float32BufferAttribute, Group, Line, LineBasicMaterial, LineLoop } from 'three';
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

/** The landmarks of the 3D scene: one line per landmark, one material per colour. */
export class LandmarkLayer {
  readonly group = new Group();
  private readonly materials = new Map<string, LineBasicMaterial>();

  constructor() {
    this.group.name = 'landmarks';
  }

  /** Landmarks change rarely and are small: the lines are rebuilt, the materials kept. */
  set(landmarks: readonly SceneLandmark[]): void {
    this.clearLines();
    for (const landmark of landmarks) {
      const kind = landmarkLineKind(landmark.geometryType);
      if (!kind || !landmark.isVisible || landmark.points.length < 2) continue;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(landmark.points.flat(), 3));
      const line =
        kind === 'loop'
          ? new LineLoop(geometry, this.material(landmark.color))
          : new Line(geometry, this.material(landmark.color));
      line.name = landmark.id;
      line.renderOrder = LANDMARK_RENDER_ORDER;
      this.group.add(line);
    }
  }

  dispose(): void {
    this.clearLines();
    for (const material of this.materials.values()) material.dispose();
    this.materials.clear();
  }

  private material(color: string): LineBasicMaterial {
    let material = this.materials.get(color);
    if (!material) {
      material = new LineBasicMaterial({ color, depthTest: false, transparent: true });
      this.materials.set(color, material);
    }
    return material;
  }

  private clearLines(): void {
    for (const line of [...this.group.children] as Line[]) {
      line.geometry.dispose();
      this.group.remove(line);
    }
  }
}
